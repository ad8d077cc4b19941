import { type INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type MicroserviceOptions, Transport } from '@nestjs/microservices';
import type { ServiceConfig } from './config/service-config';
import { JsonLogger } from './logging/json-logger';

/**
 * Starts a domain service: request/reply on NATS in a queue group named after the service (so replicas split
 * the load), and a small HTTP server for health. SIGTERM stops taking requests, finishes in-flight work, exits.
 */
export async function bootstrapService(name: string, module: unknown, config: ServiceConfig): Promise<INestApplication> {
  const logger = new JsonLogger(name, config.LOG_LEVEL);
  const app = await NestFactory.create(module as never, { logger });
  app.enableShutdownHooks();
  app.connectMicroservice<MicroserviceOptions>({
    transport: Transport.NATS,
    options: {
      servers: config.NATS_URL.split(','),
      queue: name,
      name: `${name}-server`,
      maxReconnectAttempts: -1,
      waitOnFirstConnect: true,
    },
  });
  await app.startAllMicroservices();
  await app.listen(config.HTTP_PORT, process.env.HOST ?? '0.0.0.0');
  const url = await app.getUrl();
  new Logger('Bootstrap').log({ msg: `${name} ready`, health: `${url}/healthz` });
  return app;
}

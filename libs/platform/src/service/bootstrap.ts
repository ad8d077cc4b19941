import { type INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ServiceConfig } from '../config/service-config';
import { JsonLogger } from '../logging/json-logger';
import { natsConnectionOptions } from '../nats/nats-connection';
import { DrainingNatsServer } from '../rpc/draining-nats-server';
import { startTracing } from '../tracing/tracing';

/** How long SIGTERM waits for requests in flight; below Kubernetes' terminationGracePeriodSeconds minus preStop. */
const DRAIN_TIMEOUT_MS = 15_000;

/**
 * Starts a domain service: request/reply on NATS in a queue group named after the service (so replicas split
 * the load), and a small HTTP server for health and metrics. SIGTERM stops the event consumers (their handlers in
 * flight finish), stops taking requests and finishes those in flight, stops the outbox relay, closes Postgres and
 * NATS, and exits 0.
 *
 * With MIGRATE_ONLY=1 it only prepares the database (schema, migrations under an advisory lock) and the event
 * stream, then exits 0: the Kubernetes migrations Job runs each service image this way before a rollout.
 */
export async function bootstrapService(
  name: string,
  module: unknown,
  config: ServiceConfig,
): Promise<INestApplication> {
  startTracing(name); // only when OTEL_EXPORTER_OTLP_ENDPOINT is set
  const logger = new JsonLogger(name, config.LOG_LEVEL);
  const app = await NestFactory.create(module as never, { logger });
  if (process.env.MIGRATE_ONLY === '1') {
    // Creating the app ran the migrations (TypeORM's DataSource) and ensured the stream; init() never ran,
    // so no relay, consumer or listener started.
    await app.close();
    new Logger('Bootstrap').log({ msg: `${name} migrations done (MIGRATE_ONLY=1)` });
    process.exit(0);
  }
  // useProcessExit: exit 0 once shutdown completed (instead of re-raising the signal: exit code 143).
  app.enableShutdownHooks([], { useProcessExit: true });
  app.connectMicroservice({
    strategy: new DrainingNatsServer(
      {
        ...natsConnectionOptions(config),
        servers: config.NATS_URL.split(','),
        queue: name,
        name: `${name}-server`,
        maxReconnectAttempts: -1,
        waitOnFirstConnect: true,
      },
      DRAIN_TIMEOUT_MS,
      config.RPC_CONCURRENCY,
    ),
  });
  // Start-up hooks first (the relay's wake-up after commits, the consumers), then take requests.
  await app.init();
  await app.startAllMicroservices();
  await app.listen(config.HTTP_PORT, config.HTTP_HOST);
  const url = await app.getUrl();
  new Logger('Bootstrap').log({ msg: `${name} ready`, health: `${url}/healthz` });
  return app;
}

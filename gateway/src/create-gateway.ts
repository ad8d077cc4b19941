import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { ClientProxy } from '@nestjs/microservices';
import { JsonLogger, NATS_RPC_CLIENT } from '@souvenir/platform';
import compression from 'compression';
import express, { type Express } from 'express';
import type { Redis } from 'ioredis';
import { AppModule } from './app.module';
import { GatewayConfig } from './config/gateway.config';
import { toHttpError } from './errors/all-errors.filter';
import { requestObservability } from './observability/observability';
import { REDIS } from './redis.provider';
import { jsonDepthLimit } from './security/json-depth';
import { sameOriginJsonOnly } from './security/same-origin.middleware';
import { sessionMiddleware } from './session/session';
import { serveWebApp } from './web/web-app';

const BODY_LIMIT = '100kb';
/** Provider events can be larger than a form; the signature covers the exact bytes, so they stay raw. */
const WEBHOOK_BODY_LIMIT = '1mb';

/** Builds the gateway app (used by main.ts and by the end-to-end tests). */
export async function createGateway(config: GatewayConfig): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), {
    logger: new JsonLogger('gateway', config.LOG_LEVEL),
    bodyParser: false,
  });
  const http = app.getHttpAdapter().getInstance() as Express;
  http.disable('x-powered-by');
  http.set('trust proxy', config.TRUST_PROXY_HOPS);
  http.use(requestObservability());
  http.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    next();
  });
  // gzip for the web app's assets and the API's JSON (a product page is mostly text).
  http.use(compression());
  if (config.WEB_DIST) serveWebApp(http, config.WEB_DIST);
  http.use(sameOriginJsonOnly(config));
  http.use('/api/webhooks/stripe', express.raw({ limit: WEBHOOK_BODY_LIMIT, type: 'application/json' }));
  http.use('/api', express.json({ limit: BODY_LIMIT, strict: true, type: 'application/json' }), jsonDepthLimit());
  http.use('/api', ...sessionMiddleware(config, app.get<Redis>(REDIS)));
  // Errors raised by the express middlewares above (body too large, bad JSON, Redis away) get the API's shape.
  http.use('/api', (error: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (res.headersSent) return next(error);
    const body = toHttpError(error);
    res.status(body.statusCode).json(body);
  });
  // SIGTERM: stop accepting connections, finish requests in flight, close Redis and NATS, exit 0.
  app.enableShutdownHooks([], { useProcessExit: true });
  // Connect to NATS now rather than on the first request.
  await app.get<ClientProxy>(NATS_RPC_CLIENT).connect().catch(() => undefined);
  return app;
}

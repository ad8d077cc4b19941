import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import type { NatsConnection } from '@nats-io/transport-node';
import { JsonLogger, NATS_CONNECTION, RpcClient } from '@souvenir/platform';
import compression from 'compression';
import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { constants as zlib } from 'node:zlib';
import type { Redis } from 'ioredis';
import { AppModule } from './app.module';
import { GatewayConfig } from './config/gateway.config';
import { toHttpError } from './errors/all-errors.filter';
import { requestObservability } from './observability/observability';
import { REDIS } from './redis.provider';
import { jsonDepthLimit } from './security/json-depth';
import { sameOriginJsonOnly } from './security/same-origin.middleware';
import { refuseUnsafeText } from './security/unsafe-text';
import { securityHeaders } from './security/security-headers';
import { sessionMiddleware } from './session/session';
import { mediaProxy } from './routes/media/media-proxy';
import { followProductChanges } from './web/product-page-freshness';
import { ProductPreviews } from './web/product-preview';
import { Sitemaps } from './web/sitemap';
import { isServerPath, serveWebApp } from './web/web-app';

const BODY_LIMIT = '100kb';
/** Provider events can be larger than a form; the signature covers the exact bytes, so they stay raw. */
const WEBHOOK_BODY_LIMIT = '1mb';

/**
 * gzip or brotli, as the client accepts. API answers are compressed at the fastest level: they are made per
 * request, and the libraries' default levels cost far more CPU than they save bytes on small JSON (bench/README.md
 * has the figures), while level 1 still shrinks product JSON several times. The web app's files keep the default
 * levels: few requests, cached by the browser.
 */
function responseCompression() {
  const api = compression({ level: 1, brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } } });
  const files = compression();
  return (req: Request, res: Response, next: NextFunction) => (isServerPath(req.path) ? api : files)(req, res, next);
}

/**
 * Middlewares run one after the other as a single one: the next runs when one calls `next()`, an error (or a
 * rejected promise) skips the rest and goes on to the app's error handlers, as in express's router.
 */
export function inSeries(...handlers: RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    let index = 0;
    const step = (error?: unknown): void => {
      if (error !== undefined && error !== null) return next(error);
      const handler = handlers[index++];
      if (!handler) return next();
      try {
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise) result.catch((reason: unknown) => next(reason ?? new Error('rejected')));
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}

/** Builds the gateway app (used by main.ts and by the end-to-end tests). */
export async function createGateway(config: GatewayConfig): Promise<INestApplication> {
  // Routes match one spelling only: `/API/products` or `/api/products/` is not `/api/products` (404), so no
  // middleware keyed on a path can be walked around by changing case or adding a slash. Express reads these
  // settings when it creates its router, so they are set before Nest registers anything on it.
  const server = express();
  server.set('case sensitive routing', true);
  server.set('strict routing', true);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), new ExpressAdapter(server), {
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
  // Before compression, the web app and the JSON-only rule: uploads are multipart, images are already compressed.
  if (config.MEDIA_URL) http.use(mediaProxy(config.MEDIA_URL));
  http.use(securityHeaders((path) => path === '/api' || path.startsWith('/api/')));
  http.use(responseCompression());
  if (config.WEB_DIST) {
    const rpc = app.get(RpcClient);
    const previews = new ProductPreviews(rpc);
    followProductChanges(app.get<NatsConnection>(NATS_CONNECTION), previews);
    serveWebApp(http, config.WEB_DIST, {
      previews,
      sitemaps: new Sitemaps(rpc),
      allowedOrigins: config.ALLOWED_ORIGINS,
    });
  }
  http.use(sameOriginJsonOnly(config));
  http.use('/api/webhooks/stripe', express.raw({ limit: WEBHOOK_BODY_LIMIT, type: 'application/json' }));
  // The API's own middlewares as one step of the app's router, not seven: each step of a router mounted at a path
  // is matched against the path and trims and restores the URL around its call, work every API request paid once
  // per middleware. Same middlewares, same order; an error still goes to the handler below.
  http.use(
    '/api',
    inSeries(
      express.json({ limit: BODY_LIMIT, strict: true, type: 'application/json' }),
      jsonDepthLimit(),
      refuseUnsafeText(),
      ...sessionMiddleware(config, app.get<Redis>(REDIS)),
    ),
  );
  // Errors raised by the express middlewares above (body too large, bad JSON, Redis away) get the API's shape.
  http.use('/api', (error: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (res.headersSent) return next(error);
    const body = toHttpError(error);
    res.status(body.statusCode).json(body);
  });
  // SIGTERM: stop accepting connections, finish requests in flight, close Redis and NATS, exit 0.
  app.enableShutdownHooks([], { useProcessExit: true });
  return app;
}

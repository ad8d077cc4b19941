import { createServer, type Server } from 'node:http';
import { Logger } from '@nestjs/common';
import {
  acceptableRequestId,
  currentRequestId,
  endSpan,
  extractTraceContext,
  HTTP_LATENCY_BUCKETS,
  processRegistry,
  REQUEST_ID_HEADER,
  runWithRequestId,
  scrape,
  SpanKind,
  startSpan,
  withActiveSpan,
} from '@souvenir/platform';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
} from '@opentelemetry/semantic-conventions';
import type { NextFunction, Request, Response } from 'express';
import { Counter, Histogram } from 'prom-client';

const httpRequestsTotal = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered by the gateway, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [processRegistry],
});

const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request arriving at the gateway to its response being sent, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: HTTP_LATENCY_BUCKETS,
  registers: [processRegistry],
});

/** A bounded label: the route pattern Nest matched (`/api/products/:id`), never the raw path. */
function routeLabel(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (route && typeof route.path === 'string') return `${req.baseUrl}${route.path}`;
  return req.path.startsWith('/api') ? 'unmatched' : 'web';
}

/**
 * First middleware: takes the caller's X-Request-Id (or makes one), returns it, runs the request in a context
 * that the JSON logger and RpcClient (NATS header X-Request-Id) read, and records metrics and one access log line.
 */
export function requestObservability() {
  const logger = new Logger('Http');
  return (req: Request, res: Response, next: NextFunction) => {
    const stopTimer = httpRequestDuration.startTimer();
    const started = process.hrtime.bigint();
    // A server span per request (none when tracing is off), continuing the caller's trace if it sent a
    // `traceparent` (an ingress or load balancer that traces); RPC client spans become its children.
    const parent = extractTraceContext(req);
    const span = startSpan(req.method, SpanKind.SERVER, { [ATTR_HTTP_REQUEST_METHOD]: req.method }, parent);
    runWithRequestId(acceptableRequestId(req.get(REQUEST_ID_HEADER)), () => {
      const requestId = currentRequestId()!;
      res.locals.requestId = requestId;
      res.setHeader(REQUEST_ID_HEADER, requestId);
      res.once('finish', () => {
        const route = routeLabel(req);
        stopTimer({ method: req.method, route });
        httpRequestsTotal.inc({ method: req.method, route, status: String(res.statusCode) });
        const entry = {
          msg: 'http request',
          requestId,
          method: req.method,
          route,
          status: res.statusCode,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        };
        if (res.statusCode >= 500) logger.warn(entry);
        else logger.debug(entry);
        span?.updateName(`${req.method} ${route}`);
        span?.setAttributes({
          [ATTR_HTTP_ROUTE]: route,
          [ATTR_HTTP_RESPONSE_STATUS_CODE]: res.statusCode,
          'souvenir.request_id': requestId,
        });
        endSpan(span, res.statusCode >= 500 ? String(res.statusCode) : undefined);
      });
      withActiveSpan(span, next, parent);
    });
  };
}

/**
 * `GET /metrics` on its own port, so the public port (behind the ingress) never exposes it.
 * A port that cannot be bound is logged, not fatal: the gateway serves users either way.
 */
export function startMetricsServer(port: number, host: string): Server | null {
  if (!port) return null;
  const logger = new Logger('Metrics');
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    scrape().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(body);
      },
      (error: Error) => {
        res.writeHead(500).end(error.message);
      },
    );
  });
  server.on('error', (error) => logger.warn({ msg: 'metrics server not started', port, error: error.message }));
  server.listen(port, host);
  server.unref();
  return server;
}

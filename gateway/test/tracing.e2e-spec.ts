import type { INestApplication } from '@nestjs/common';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { SpanKind, startTracing, stopTracing } from '@souvenir/platform';
import { eventually, startService, startTestInfra, type TestInfra } from '@souvenir/testing';
import request from 'supertest';
import { AppModule as IdentityModule, SERVICE_NAME as IDENTITY } from '../../services/identity/src/app.module';
import { IdentityConfig } from '../../services/identity/src/config/identity.config';
import { startGateway } from './gateway-harness';

// The gateway and identity in this one process, sharing one tracer provider that exports to memory: the trace
// context must still travel only through the NATS headers (each side reads its parent from what it received).
const exporter = new InMemorySpanExporter();
let infra: TestInfra;
let identity: INestApplication;
let gateway: INestApplication;

beforeAll(async () => {
  startTracing('test', exporter);
  infra = await startTestInfra();
  identity = await startService(IDENTITY, IdentityConfig, (c) => IdentityModule.register(c), infra);
  gateway = await startGateway(infra);
});

afterAll(async () => {
  await gateway?.close();
  await identity?.close();
  await infra?.stop();
  await stopTracing();
});

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

it("one trace from the gateway's HTTP span through its RPC client span to identity's server span", async () => {
  exporter.reset();
  await request(gateway.getHttpServer())
    .post('/api/auth/register')
    .send({ email: 'traced@example.com', password: 'secret1', username: 'traced', firstName: 'Ana', lastName: 'Lopez' })
    .expect(201);

  const { http, client, server } = await eventually(() => {
    const spans = exporter.getFinishedSpans();
    const found = {
      http: spans.find((s) => s.kind === SpanKind.SERVER && s.name === 'POST /api/auth/register'),
      client: spans.find((s) => s.kind === SpanKind.CLIENT && s.name === 'identity.user.register'),
      server: spans.find((s) => s.kind === SpanKind.SERVER && s.name === 'identity.user.register'),
    };
    expect(found.http && found.client && found.server).toBeTruthy();
    return found as Record<keyof typeof found, ReadableSpan>;
  });

  const traceId = http.spanContext().traceId;
  expect(client.spanContext().traceId).toBe(traceId);
  expect(server.spanContext().traceId).toBe(traceId);
  expect(parentOf(client)).toBe(http.spanContext().spanId);
  expect(parentOf(server)).toBe(client.spanContext().spanId);
  // The link was made remotely: the server span's parent came out of the NATS headers, not this process's context.
  expect(server.parentSpanContext?.isRemote).toBe(true);
  expect(http.attributes).toMatchObject({ 'http.route': '/api/auth/register', 'http.response.status_code': 201 });
});

it("a caller's traceparent is continued by the gateway", async () => {
  exporter.reset();
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  await request(gateway.getHttpServer()).get('/api/auth/me').set('traceparent', `00-${traceId}-00f067aa0ba902b7-01`);
  const http = await eventually(() => {
    const span = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER && s.name.startsWith('GET '));
    expect(span).toBeDefined();
    return span!;
  });
  expect(http.spanContext().traceId).toBe(traceId);
  expect(parentOf(http)).toBe('00f067aa0ba902b7');
});

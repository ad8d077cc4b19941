import {
  context,
  propagation,
  type Context,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

export { SpanKind } from '@opentelemetry/api';

/** Started once per process; until then (no OTEL_EXPORTER_OTLP_ENDPOINT) every helper below does nothing. */
let provider: NodeTracerProvider | undefined;

/**
 * Traces to an OTLP/HTTP collector when OTEL_EXPORTER_OTLP_ENDPOINT is set (the exporter reads that and the
 * other standard OTEL_EXPORTER_OTLP_* variables itself); otherwise no provider at all, so no span is made and
 * no header is added: tracing costs nothing where no collector listens. Tests pass an exporter (in memory),
 * exported span by span so they can assert right after a request. Idempotent: the first call wins.
 */
export function startTracing(serviceName: string, exporter?: SpanExporter): NodeTracerProvider | undefined {
  if (provider) return provider;
  if (!exporter && !process.env.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }),
    spanProcessors: [exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // W3C `traceparent`/`tracestate`: what every collector and most ingresses speak.
  provider.register({ propagator: new W3CTraceContextPropagator() });
  // Best effort: the batch of spans still buffered goes out while Nest drains (it exits once drained).
  process.once('SIGTERM', () => void provider?.forceFlush().catch(() => undefined));
  return provider;
}

export function tracingEnabled(): boolean {
  return provider !== undefined;
}

/** Stops tracing (tests): flushes and unregisters the provider so the next suite starts clean. */
export async function stopTracing(): Promise<void> {
  const stopping = provider;
  provider = undefined;
  if (!stopping) return;
  await stopping.shutdown();
  trace.disable();
  propagation.disable();
  context.disable();
}

/** A span, or undefined when tracing is off; the caller ends it (`endSpan`). */
export function startSpan(
  name: string,
  kind: SpanKind,
  attributes: Attributes,
  parent: Context = context.active(),
): Span | undefined {
  return provider?.getTracer('@souvenir/platform').startSpan(name, { kind, attributes }, parent);
}

/** Ends a span, marked as an error when `error` is given. */
export function endSpan(span: Span | undefined, error?: string): void {
  if (!span) return;
  if (error) span.setStatus({ code: SpanStatusCode.ERROR, message: error });
  span.end();
}

/** Runs `work` with the span as the active one, so spans started inside (RPC client spans) are its children. */
export function withActiveSpan<T>(span: Span | undefined, work: () => T, parent: Context = context.active()): T {
  return span ? context.with(trace.setSpan(parent, span), work) : work();
}

/** Header maps of NATS (MsgHdrs) and of node's IncomingMessage alike. */
interface HeaderCarrier {
  get(key: string): string | string[] | undefined | null;
}

/** The trace context a caller sent (`traceparent`), to parent the span of the work done for it. */
export function extractTraceContext(headers: HeaderCarrier | undefined): Context {
  if (!provider || !headers) return context.active();
  return propagation.extract(context.active(), headers, {
    keys: () => [],
    get: (carrier, key) => carrier.get(key) ?? undefined,
  });
}

/** Writes the active span's `traceparent` (and `tracestate`) into outbound headers; nothing when tracing is off. */
export function injectTraceContext(headers: { set(key: string, value: string): void }): void {
  if (!provider) return;
  propagation.inject(context.active(), headers, { set: (carrier, key, value) => carrier.set(key, value) });
}

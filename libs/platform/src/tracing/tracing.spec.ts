import { headers as natsHeaders } from '@nats-io/transport-node';
import { injectTraceContext, startSpan, SpanKind, startTracing, tracingEnabled } from './tracing';

// Production default: no OTEL_EXPORTER_OTLP_ENDPOINT, so no provider, no span, no header.
it('is off without OTEL_EXPORTER_OTLP_ENDPOINT: no provider, no span, nothing written into NATS headers', () => {
  const saved = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  try {
    expect(startTracing('test')).toBeUndefined();
    expect(tracingEnabled()).toBe(false);
    expect(startSpan('x', SpanKind.CLIENT, {})).toBeUndefined();
    const h = natsHeaders();
    injectTraceContext(h);
    expect(h.keys()).toEqual([]);
  } finally {
    if (saved !== undefined) process.env.OTEL_EXPORTER_OTLP_ENDPOINT = saved;
  }
});

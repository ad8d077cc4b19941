import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * Process-wide Prometheus metrics (Node runtime, request/reply handlers). Per-service gauges that read live
 * state (outbox backlog, consumer pending) are registered by `ServiceMetrics` and merged in at scrape time.
 */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

/** Seconds; request/reply handlers answer in about a millisecond, the slow end is argon2 and Postgres. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export const rpcHandledTotal = new Counter({
  name: 'rpc_handled_total',
  help: 'NATS request/reply requests handled, by subject and outcome (ok or the error code returned)',
  labelNames: ['subject', 'outcome'] as const,
  registers: [processRegistry],
});

export const rpcHandleDuration = new Histogram({
  name: 'rpc_handle_duration_seconds',
  help: 'Time to handle a NATS request/reply request (validation and handler), by subject',
  labelNames: ['subject'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [processRegistry],
});

export const outboxPublishDelay = new Histogram({
  name: 'outbox_publish_delay_seconds',
  help: 'Relay lag: time from an event being written to the outbox to its publication on JetStream',
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [processRegistry],
});

export const eventApplyDelay = new Histogram({
  name: 'event_apply_delay_seconds',
  help: "Consumer lag: time from an event being stored in JetStream to this service's handler having applied it, by subject",
  labelNames: ['subject'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [processRegistry],
});

export const HTTP_LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Prometheus's text exposition of the process registry plus the given ones. */
export async function scrape(...registries: Registry[]): Promise<{ contentType: string; body: string }> {
  const merged = registries.length ? Registry.merge([processRegistry, ...registries]) : processRegistry;
  return { contentType: processRegistry.contentType, body: await merged.metrics() };
}

import { Controller, Get, Header, Injectable, Res } from '@nestjs/common';
import { Gauge, Registry } from 'prom-client';
import { EventConsumer } from '../events/event-consumer';
import { scrape } from '../metrics/metrics';
import { OutboxRelay } from '../outbox/outbox-relay';

/** Gauges read from the service's live state when Prometheus scrapes (nothing polls in between). */
@Injectable()
export class ServiceMetrics {
  readonly registry = new Registry();

  constructor(relay: OutboxRelay, consumer: EventConsumer) {
    new Gauge({
      name: 'outbox_backlog_events',
      help: 'Events written to the outbox and not yet published to JetStream',
      registers: [this.registry],
      async collect() {
        this.set(await relay.backlog().catch(() => -1));
      },
    });
    new Gauge({
      name: 'outbox_oldest_unpublished_age_seconds',
      help: 'Age of the oldest unpublished outbox event (0 when none): the relay lag right now',
      registers: [this.registry],
      async collect() {
        this.set(await relay.oldestUnpublishedAgeSeconds().catch(() => -1));
      },
    });
    new Gauge({
      name: 'outbox_parked_events',
      help: 'Outbox events set aside after failing while others published; each needs an operator',
      registers: [this.registry],
      async collect() {
        this.set(await relay.parked().catch(() => -1));
      },
    });
    new Gauge({
      name: 'jetstream_consumer_pending_messages',
      help: "Events on the stream not yet delivered to this service's durable consumer",
      labelNames: ['consumer'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const c of await consumer.pending().catch(() => [])) this.set({ consumer: c.consumer }, c.pending);
      },
    });
    new Gauge({
      name: 'jetstream_consumer_ack_pending_messages',
      help: "Events delivered to this service's durable consumer and not yet acknowledged",
      labelNames: ['consumer'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const c of await consumer.pending().catch(() => [])) this.set({ consumer: c.consumer }, c.ackPending);
      },
    });
  }
}

/** `GET /metrics` on the service's health port (never exposed outside the cluster). */
@Controller()
export class MetricsController {
  constructor(private readonly metrics: ServiceMetrics) {}

  @Get('metrics')
  @Header('Cache-Control', 'no-store')
  async metricsText(@Res() res: { setHeader(n: string, v: string): void; end(body: string): void }) {
    const { contentType, body } = await scrape(this.metrics.registry);
    res.setHeader('Content-Type', contentType);
    res.end(body);
  }
}

import { type BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type ConsumerMessages,
  type JsMsg,
} from '@nats-io/jetstream';
import { durableConsumerName, EVENT_TYPES, type EventPayload, type EventSubject } from '@souvenir/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { SERVICE_OPTIONS, type ServiceOptions } from '../config/service-options';
import { eventApplyDelay } from '../metrics/metrics';
import { NATS_CONNECTION } from '../nats/nats-connection';
import { parsePayload } from '../validation/parse-payload';
import { ProcessedEventEntity } from './processed-event.entity';

/** What a consumer does with each subject it follows, inside the transaction that records the event as processed. */
export type EventHandlers = { [S in EventSubject]?: (event: EventPayload<S>, manager: EntityManager) => Promise<void> };

/**
 * Which events of a subject need nothing from this service: acknowledged as they come, with no transaction and no
 * validation. A filter reads the payload as it arrived (not yet validated), so it must not trust its shape.
 */
export type EventFilters = { [S in EventSubject]?: (event: Partial<EventPayload<S>> | null) => boolean };

const RETRY_DELAY_MS = 1000;

export interface ConsumerOptions {
  /** The durable consumers' names start with this (the service's name by default). */
  durablePrefix?: string;
  /**
   * How many events of one subject are applied at the same time (1: one after the other, in the stream's order).
   * Only for handlers that need no order between events: each event is still applied once, in its own transaction.
   */
  concurrency?: number;
  /** Events the handlers would do nothing with (see EventFilters). */
  ignore?: EventFilters;
}

/**
 * How long each pull waits for events before it is renewed. The client expects the server's heartbeat every half of
 * it and pulls anew after two are missed: a consumer whose pull sat on a cluster node that went away resumes within
 * this, not the library's 30 s default. Idle, each durable consumer costs one small request per period.
 */
const PULL_EXPIRES_MS = 10_000;

/**
 * A durable JetStream consumer per service. Each event is applied at most once: its id is inserted into
 * `processed_events` in the same transaction as the handler's writes, and a duplicate insert skips the handler.
 */
@Injectable()
export class EventConsumer implements BeforeApplicationShutdown {
  private readonly logger = new Logger(EventConsumer.name);
  private readonly subscriptions: ConsumerMessages[] = [];
  private readonly loops: Promise<void>[] = [];
  private readonly durables: string[] = [];
  private stopped = false;
  private recordProcessed: string | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(SERVICE_OPTIONS) private readonly options: ServiceOptions,
  ) {}

  /**
   * Starts (or resumes) the service's durable consumers: one per subject, named `<service>--<subject>`. One
   * filter subject per consumer works on every NATS server (multi-subject filters need 2.10; Debian ships 2.9),
   * and handlers never rely on ordering across subjects anyway.
   */
  async start(
    handlers: EventHandlers,
    { durablePrefix = this.options.name, concurrency = 1, ignore = {} }: ConsumerOptions = {},
  ) {
    const jsm = await jetstreamManager(this.nc);
    const stream = this.options.eventStream;
    for (const subject of Object.keys(handlers)) {
      const durable = durableConsumerName(durablePrefix, subject);
      await jsm.consumers.info(stream, durable).catch(() =>
        jsm.consumers.add(stream, {
          durable_name: durable,
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
          filter_subject: subject,
          ack_wait: 30 * 1_000_000_000,
          max_deliver: -1,
        }),
      );
      this.durables.push(durable);
      const consumer = await jetstream(this.nc).consumers.get(stream, durable);
      const messages = await consumer.consume({ max_messages: 64, expires: PULL_EXPIRES_MS });
      this.subscriptions.push(messages);
      this.loops.push(this.consume(messages, handlers, concurrency, ignore));
    }
  }

  /** Applies the subject's events as they come, at most `concurrency` at a time. */
  private async consume(
    messages: ConsumerMessages,
    handlers: EventHandlers,
    concurrency: number,
    ignore: EventFilters,
  ): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    for await (const msg of messages) {
      const applied: Promise<void> = this.handle(msg, handlers, ignore).finally(() => inFlight.delete(applied));
      inFlight.add(applied);
      if (inFlight.size >= concurrency) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  }

  /** Per durable consumer: events not yet delivered, and delivered but unacknowledged (read on each metrics scrape). */
  async pending(): Promise<{ consumer: string; pending: number; ackPending: number }[]> {
    if (!this.durables.length || this.nc.isClosed()) return [];
    const jsm = await jetstreamManager(this.nc);
    const infos = await Promise.all(
      this.durables.map((d) => jsm.consumers.info(this.options.eventStream, d).catch(() => null)),
    );
    return infos
      .filter((i) => i !== null)
      .map((i) => ({ consumer: i.name, pending: i.num_pending, ackPending: i.num_ack_pending }));
  }

  /**
   * Stops taking events and lets the handlers in flight finish before any shutdown hook runs: TypeORM closes the
   * DataSource in its own shutdown hook, and a handler still running then failed ("Cannot use a pool after calling
   * end") and left its event to be redelivered.
   */
  async beforeApplicationShutdown() {
    this.stopped = true;
    await Promise.all(this.subscriptions.map((s) => s.close().catch(() => undefined)));
    await Promise.allSettled(this.loops);
  }

  /** Applies one message; public so tests can replay the exact same delivery. */
  async handle(msg: JsMsg, handlers: EventHandlers, ignore: EventFilters = {}): Promise<void> {
    const subject = msg.subject as EventSubject;
    const handler = handlers[subject] as ((e: unknown, m: EntityManager) => Promise<void>) | undefined;
    const eventId = msg.headers?.get('Nats-Msg-Id') || `${msg.info.stream}:${msg.seq}`;
    if (!handler) return msg.ack();
    let payload: unknown;
    try {
      const data: unknown = msg.json();
      // An event the service ignores needs no validation either (class-validator is a visible share of a busy
      // consumer's CPU): the filter reads the raw payload, and nothing is done with it.
      if ((ignore[subject] as ((e: unknown) => boolean) | undefined)?.(data)) return msg.ack();
      payload = await parsePayload(EVENT_TYPES[subject] as new () => object, data);
    } catch (error) {
      this.logger.error({ msg: 'dropping invalid event', subject, eventId, error: (error as Error).message });
      return msg.term();
    }
    try {
      await this.apply(eventId, subject, payload, handler);
      msg.ack();
      eventApplyDelay.observe({ subject }, Math.max(0, Date.now() - msg.time.getTime()) / 1000);
    } catch (error) {
      if (this.stopped) return;
      this.logger.warn({ msg: 'event handler failed; will retry', subject, eventId, error: (error as Error).message });
      msg.nak(RETRY_DELAY_MS);
    }
  }

  /** Runs the handler once per event id. */
  async apply(
    eventId: string,
    subject: string,
    payload: unknown,
    handler: (e: unknown, m: EntityManager) => Promise<void>,
  ) {
    // Plain SQL, built once: the query builder's per-call work showed in a busy consumer's profile.
    this.recordProcessed ??= `INSERT INTO ${this.dataSource.getMetadata(ProcessedEventEntity).tablePath} (event_id, subject)
      VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`;
    const statement = this.recordProcessed;
    await this.dataSource.transaction(async (manager) => {
      const inserted = (await manager.query(statement, [eventId, subject])) as unknown[];
      if (inserted.length === 0) return;
      await handler(payload, manager);
    });
  }
}

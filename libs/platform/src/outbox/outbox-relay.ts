import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { DataSource, In, IsNull } from 'typeorm';
import { NATS_CONNECTION } from '../nats/nats-connection';
import { outboxPublishDelay } from '../metrics/metrics';
import { Outbox } from './outbox';
import { OutboxEventEntity } from './outbox-event.entity';

const BATCH = 100;
/**
 * Rows written by this process are published right after their transaction commits (Outbox wakes the relay);
 * the poll only picks up rows of a replica that stopped before publishing them, so it can be slow; a fast poll costs
 * every idle service (and Postgres) CPU for nothing.
 */
export const OUTBOX_IDLE_POLL_MS = 1000;
const ERROR_BACKOFF_MS = 1000;

/**
 * Publishes outbox rows to JetStream with `Nats-Msg-Id` = row id, so a row published twice (a crash between
 * publish and mark) is dropped by JetStream's duplicate window. Rows are claimed with SKIP LOCKED, so
 * replicas share the work.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** Set when a commit wrote rows while the relay was busy, so the next pass starts without waiting. */
  private nudged = false;
  private stalled = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly outbox: Outbox,
  ) {}

  onApplicationBootstrap() {
    this.outbox.wakeAfterCommit(this.dataSource, () => {
      this.nudged = true;
      this.wake?.();
    });
    this.running = true;
    this.loop = this.run();
  }

  /**
   * Stops before the shutdown hooks run, as the event consumers do: TypeORM closes the DataSource in its own
   * shutdown hook, and a pass still running then failed with "Connection terminated" (seen at the end of a bench
   * run). Rows written after this are published by the next relay to run (they stay in the outbox).
   */
  async beforeApplicationShutdown() {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  /** Publishes what is pending now (tests and shutdown use it; the loop calls it continuously). */
  async publishPending(): Promise<number> {
    const js = jetstream(this.nc);
    return this.dataSource.transaction(async (manager) => {
      const rows = await manager
        .getRepository(OutboxEventEntity)
        .createQueryBuilder('o')
        .where('o.publishedAt IS NULL')
        .orderBy('o.createdAt', 'ASC')
        .addOrderBy('o.id', 'ASC')
        .limit(BATCH)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      const published: string[] = [];
      const now = Date.now();
      for (const row of rows) {
        try {
          const h = natsHeaders();
          for (const [k, v] of Object.entries(row.headers ?? {})) h.set(k, v);
          await js.publish(row.subject, JSON.stringify(row.payload), { msgID: row.id, headers: h, timeout: 3000 });
          published.push(row.id);
          outboxPublishDelay.observe(Math.max(0, now - row.createdAt.getTime()) / 1000);
        } catch (error) {
          this.logger.warn({ msg: 'outbox publish failed; will retry', error: (error as Error).message });
          break;
        }
      }
      if (published.length) await manager.update(OutboxEventEntity, { id: In(published) }, { publishedAt: new Date() });
      if (published.length < rows.length) this.stalled = true;
      return published.length;
    });
  }

  /** Number of events not yet published (readiness and metrics). */
  backlog(): Promise<number> {
    return this.dataSource.getRepository(OutboxEventEntity).count({ where: { publishedAt: IsNull() } });
  }

  /** Seconds since the oldest unpublished event was written; 0 when everything is published (metrics). */
  async oldestUnpublishedAgeSeconds(): Promise<number> {
    const row = await this.dataSource
      .getRepository(OutboxEventEntity)
      .createQueryBuilder('o')
      .select('EXTRACT(EPOCH FROM (now() - min("o"."created_at")))::float8', 'age')
      .where('"o"."published_at" IS NULL')
      .getRawOne<{ age: number | null }>();
    return row?.age ?? 0;
  }

  private async run() {
    while (this.running) {
      let delay = OUTBOX_IDLE_POLL_MS;
      try {
        this.stalled = false;
        this.nudged = false;
        const count = await this.publishPending();
        if (count === BATCH || this.nudged) delay = 0;
        if (this.stalled) delay = ERROR_BACKOFF_MS;
      } catch (error) {
        this.logger.warn({ msg: 'outbox relay error', error: (error as Error).message });
        delay = ERROR_BACKOFF_MS;
      }
      if (delay) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = null;
      }
    }
  }
}

import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { DataSource, In, IsNull, Not } from 'typeorm';
import { NATS_CONNECTION } from '../nats/nats-connection';
import { outboxPublishDelay } from '../metrics/metrics';
import { EventTablesRetention } from './event-tables-retention';
import { Outbox } from './outbox';
import { OutboxEventEntity } from './outbox-event.entity';

const BATCH = 100;
/** How long a claimed row is left to its relay; far above a publish's 3 s timeout, far below JetStream's 10 min duplicate window. */
const CLAIM_SECONDS = 30;
/**
 * Rows written by this process are published right after their transaction commits (Outbox wakes the relay);
 * the poll only picks up rows of a replica that stopped before publishing them, so it can be slow; a fast poll costs
 * every idle service (and Postgres) CPU for nothing.
 */
export const OUTBOX_IDLE_POLL_MS = 1000;
const ERROR_BACKOFF_MS = 1000;
/** A failing row waits 1, 2, 4 … seconds before its next try, never longer than this. */
const MAX_RETRY_DELAY_SECONDS = 60;
/**
 * Failures of a row while other rows of the same pass were published: the fault is the row's own (too large for
 * NATS, a subject no stream takes), and retrying it forever would only fill the log. When every publish of a pass
 * fails (NATS or JetStream down), no row is counted towards this, however long the outage.
 */
const PARK_AFTER_OWN_FAILURES = 5;

type ClaimedRow = Pick<OutboxEventEntity, 'id' | 'subject' | 'payload' | 'attempts' | 'createdAt'>;

/**
 * Publishes outbox rows to JetStream with `Nats-Msg-Id` = row id, so a row published twice (a crash between
 * publish and mark) is dropped by JetStream's duplicate window. Rows are claimed (SKIP LOCKED, then a claim that
 * expires), so replicas share the work and none holds a lock or a transaction while it publishes.
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
  private readonly retention: EventTablesRetention;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly outbox: Outbox,
  ) {
    this.retention = new EventTablesRetention(dataSource);
  }

  onApplicationBootstrap() {
    this.outbox.onRowsCommitted(() => {
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

  /**
   * Publishes what is pending now (tests and shutdown use it; the loop calls it continuously): claims a batch in
   * one statement, publishes it with no transaction or lock open (the publishes are sent together on the one NATS
   * connection, so JetStream stores them in the rows' order), then marks what JetStream acknowledged.
   */
  async publishPending(): Promise<number> {
    const rows = await this.claim();
    if (!rows.length) return 0;
    const js = jetstream(this.nc);
    const now = Date.now();
    const outcomes = await Promise.allSettled(
      rows.map((row) => js.publish(row.subject, JSON.stringify(row.payload), { msgID: row.id, timeout: 3000 })),
    );
    const published: string[] = [];
    const failed: { row: ClaimedRow; error: string }[] = [];
    outcomes.forEach((outcome, i) => {
      const row = rows[i]!;
      if (outcome.status === 'fulfilled') {
        published.push(row.id);
        outboxPublishDelay.observe(Math.max(0, now - row.createdAt.getTime()) / 1000);
      } else {
        failed.push({ row, error: (outcome.reason as Error).message });
      }
    });
    if (failed.length) {
      this.logger.warn({ msg: 'outbox publish failed; will retry', failed: failed.length, error: failed[0]!.error });
    }
    await this.settle(published, failed);
    if (failed.length) this.stalled = true;
    return published.length;
  }

  /**
   * Claims up to BATCH unpublished rows, oldest first, that no other relay holds. The row locks last only for this
   * statement; the claim itself is `claimed_until`, so a relay that stops before marking its rows leaves them to
   * be claimed again after CLAIM_SECONDS (published twice then, and JetStream drops the second by its Nats-Msg-Id).
   */
  private async claim(): Promise<ClaimedRow[]> {
    const table = this.dataSource.getMetadata(OutboxEventEntity).tablePath;
    const rows: (Omit<ClaimedRow, 'createdAt'> & { created_at: Date })[] = await this.dataSource.query(
      `WITH claimed AS (
         UPDATE ${table} SET claimed_until = now() + make_interval(secs => $1)
          WHERE id IN (
            SELECT id FROM ${table}
             WHERE published_at IS NULL AND parked_at IS NULL
               AND (claimed_until IS NULL OR claimed_until < now())
               AND (next_attempt_at IS NULL OR next_attempt_at <= now())
             ORDER BY created_at, id LIMIT $2
             FOR UPDATE SKIP LOCKED)
          RETURNING id, subject, payload, attempts, created_at)
       SELECT * FROM claimed ORDER BY created_at, id`,
      [CLAIM_SECONDS, BATCH],
    );
    return rows.map(({ created_at, ...row }) => ({ ...row, createdAt: created_at }));
  }

  /**
   * Marks the acknowledged rows published. A failed row is given back with its next try put off (doubling each
   * time); one that failed on its own often enough is parked, with an error logged (and `outbox_parked_events` for the alert).
   */
  private async settle(published: string[], failed: { row: ClaimedRow; error: string }[]): Promise<void> {
    const repository = this.dataSource.getRepository(OutboxEventEntity);
    if (published.length) {
      await repository.update({ id: In(published) }, { publishedAt: () => 'now()', claimedUntil: null });
    }
    const ownFault = published.length > 0;
    for (const { row, error } of failed) {
      const attempts = row.attempts + 1;
      if (ownFault && attempts >= PARK_AFTER_OWN_FAILURES) {
        await repository.update({ id: row.id }, { attempts, claimedUntil: null, parkedAt: () => 'now()' });
        this.logger.error({ msg: 'outbox event parked: it keeps failing while others publish', id: row.id, error });
        continue;
      }
      const delaySeconds = Math.min(MAX_RETRY_DELAY_SECONDS, 2 ** (attempts - 1));
      // A failure during an outage is not the row's fault: it backs off but is not counted towards parking.
      await repository.update(
        { id: row.id },
        {
          attempts: ownFault ? attempts : row.attempts,
          claimedUntil: null,
          nextAttemptAt: () => `now() + make_interval(secs => ${delaySeconds})`,
        },
      );
    }
  }

  /** Number of events waiting to be published, parked ones apart (metrics). */
  backlog(): Promise<number> {
    return this.dataSource
      .getRepository(OutboxEventEntity)
      .count({ where: { publishedAt: IsNull(), parkedAt: IsNull() } });
  }

  /** Number of parked events: each needs an operator (metrics and the alert). */
  parked(): Promise<number> {
    return this.dataSource.getRepository(OutboxEventEntity).count({ where: { parkedAt: Not(IsNull()) } });
  }

  /** Seconds since the oldest event waiting to be published was written; 0 when none waits (metrics). */
  async oldestUnpublishedAgeSeconds(): Promise<number> {
    const row = await this.dataSource
      .getRepository(OutboxEventEntity)
      .createQueryBuilder('o')
      .select('EXTRACT(EPOCH FROM (now() - min("o"."created_at")))::float8', 'age')
      .where('"o"."published_at" IS NULL AND "o"."parked_at" IS NULL')
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
        await this.retention.sweepIfDue();
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

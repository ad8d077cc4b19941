import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { OutboxEventEntity } from './outbox-event.entity';
import { ProcessedEventEntity } from '../events/processed-event.entity';
import { EVENT_STREAM_MAX_AGE_DAYS } from '../events/event-stream';

/**
 * A published outbox row is only kept to look into a publish problem, and it holds the event's personal data
 * (names, addresses): it goes after a few days.
 */
export const PUBLISHED_OUTBOX_RETENTION_DAYS = 3;
/**
 * A processed-event row guards against a redelivery, and JetStream redelivers nothing older than the stream keeps:
 * kept twice that long, so every event the stream can still hand out finds its row.
 */
export const PROCESSED_EVENT_RETENTION_DAYS = 2 * EVENT_STREAM_MAX_AGE_DAYS;
/** Housekeeping, owed at no particular time: each replica looks at most this often, from its relay's loop. */
const SWEEP_EVERY_MS = 10 * 60_000;
/** Rows per DELETE, so a first sweep of a large table never holds many row locks or a long statement. */
const DELETE_BATCH = 1000;

/** Deletes published outbox rows and processed-event rows past their retention. */
export class EventTablesRetention {
  private readonly logger = new Logger(EventTablesRetention.name);
  private nextSweepAt = 0;

  constructor(private readonly dataSource: DataSource) {}

  async sweepIfDue(now = Date.now()): Promise<void> {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + SWEEP_EVERY_MS;
    const outbox = this.dataSource.getMetadata(OutboxEventEntity).tablePath;
    const processed = this.dataSource.getMetadata(ProcessedEventEntity).tablePath;
    const deleted =
      (await this.deleteOlderThan(outbox, 'id', 'published_at', PUBLISHED_OUTBOX_RETENTION_DAYS)) +
      (await this.deleteOlderThan(processed, 'event_id', 'processed_at', PROCESSED_EVENT_RETENTION_DAYS));
    if (deleted) this.logger.log({ msg: 'event tables swept', deleted });
  }

  private async deleteOlderThan(table: string, key: string, column: string, days: number): Promise<number> {
    let total = 0;
    for (;;) {
      const [, count] = (await this.dataSource.query(
        `DELETE FROM ${table} WHERE ${key} IN (
           SELECT ${key} FROM ${table} WHERE ${column} < now() - make_interval(days => $1) LIMIT $2)`,
        [days, DELETE_BATCH],
      )) as [unknown, number];
      total += count;
      if (count < DELETE_BATCH) return total;
    }
  }
}

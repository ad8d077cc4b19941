import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { LiveEventData, LiveEventDto } from '@souvenir/contracts';
import type { DataSource, EntityManager } from 'typeorm';

/** One recipient's copy of an event, to append. */
export interface LiveEventAppend {
  userId: string;
  data: LiveEventData;
  notificationId: string | null;
  occurredAt: string;
}

interface LiveEventRow {
  id: string;
  data: LiveEventData;
  notification_id: string | null;
  occurred_at: Date;
}

const toLiveEventDto = (row: LiveEventRow): LiveEventDto => ({
  id: String(row.id),
  occurredAt: row.occurred_at.toISOString(),
  data: row.data,
  notificationId: row.notification_id,
});

/** Each user's live events (plain SQL: appends and reads by (user, id)). */
@Injectable()
export class EventLogRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Appends one event for each of its recipients and drops their events older than the replay window, in one
   * statement (one round trip per event inside the consumer's transaction: its statements are what bounds the live
   * events per second). Each recipient's advisory lock is taken before their row (and its bigserial id) is made,
   * and held until commit: one writer per user at a time, so a user's ids are committed in their order and a stream
   * that resumes after id n never skips an id below n that committed later. `rows` must be in user id order, so
   * two events for the same two people take their locks in the same order and never deadlock.
   */
  async appendAll(manager: EntityManager, rows: LiveEventAppend[], keepHours: number): Promise<LiveEventDto[]> {
    const inserted = (await manager.query(
      `WITH input AS (
         SELECT * FROM unnest($1::uuid[], $2::jsonb[], $3::uuid[], $4::timestamptz[])
           WITH ORDINALITY AS t(user_id, data, notification_id, occurred_at, n)),
       locked AS (
         SELECT n, pg_advisory_xact_lock(hashtextextended(user_id::text, 0)) FROM input ORDER BY n),
       pruned AS (
         DELETE FROM notifications.live_events
         WHERE user_id = ANY($1::uuid[]) AND created_at < now() - make_interval(secs => $5))
       INSERT INTO notifications.live_events (user_id, data, notification_id, occurred_at)
       SELECT i.user_id, i.data, i.notification_id, i.occurred_at FROM input i JOIN locked USING (n) ORDER BY n
       RETURNING id, data, notification_id, occurred_at`,
      [
        rows.map((r) => r.userId),
        rows.map((r) => JSON.stringify(r.data)),
        rows.map((r) => r.notificationId),
        rows.map((r) => r.occurredAt),
        keepHours * 3600,
      ],
    )) as LiveEventRow[];
    // RETURNING's order is not promised, but the ids were drawn in the rows' order: answer in that order.
    return inserted.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1)).map(toLiveEventDto);
  }

  /** The user's newest event id ('0' without any). */
  async lastId(userId: string): Promise<string> {
    const [row] = (await this.dataSource.query(
      `SELECT coalesce(max(id), 0)::text AS id FROM notifications.live_events WHERE user_id = $1`,
      [userId],
    )) as { id: string }[];
    return row.id;
  }

  /** Whether the id is one of the user's kept events. */
  async has(userId: string, id: string): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `SELECT 1 FROM notifications.live_events WHERE user_id = $1 AND id = $2`,
      [userId, id],
    )) as unknown[];
    return rows.length > 0;
  }

  /** Up to `limit` of the user's events after `afterId`, oldest first. */
  async after(userId: string, afterId: string, limit: number): Promise<LiveEventDto[]> {
    const rows = (await this.dataSource.query(
      `SELECT id, data, notification_id, occurred_at FROM notifications.live_events
       WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
      [userId, afterId, limit],
    )) as LiveEventRow[];
    return rows.map(toLiveEventDto);
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { LiveEventData, LiveEventDto } from '@souvenir/contracts';
import type { DataSource, EntityManager } from 'typeorm';

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
   * Appends the user's event and drops their events older than the replay window, in one statement (one round trip
   * per recipient inside the consumer's transaction: its statements are what bounds the live events per second).
   * The user's advisory lock is taken first, held until commit: one writer per user at a time, so a user's ids are
   * committed in their order and a stream that resumes after id n never skips an id below n that committed later.
   * The row (and its bigserial id) is produced only after the lock's subquery returned.
   */
  async append(
    manager: EntityManager,
    row: { userId: string; data: LiveEventData; notificationId: string | null; occurredAt: string },
    keepHours: number,
  ): Promise<LiveEventDto> {
    const [inserted] = (await manager.query(
      `WITH pruned AS (
         DELETE FROM notifications.live_events
         WHERE user_id = $1 AND created_at < now() - make_interval(secs => $5))
       INSERT INTO notifications.live_events (user_id, data, notification_id, occurred_at)
       SELECT $1::uuid, $2::jsonb, $3::uuid, $4::timestamptz
       FROM (SELECT pg_advisory_xact_lock(hashtextextended($1::text, 0))) AS locked
       RETURNING id, data, notification_id, occurred_at`,
      [row.userId, JSON.stringify(row.data), row.notificationId, row.occurredAt, keepHours * 3600],
    )) as LiveEventRow[];
    return toLiveEventDto(inserted);
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

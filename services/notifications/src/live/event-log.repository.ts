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

  async append(
    manager: EntityManager,
    row: { userId: string; data: LiveEventData; notificationId: string | null; occurredAt: string },
  ): Promise<LiveEventDto> {
    // One writer per user at a time, until commit: a user's ids are then committed in their order, so a stream that
    // resumes after id n never skips an id below n that committed later.
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [row.userId]);
    const [inserted] = (await manager.query(
      `INSERT INTO notifications.live_events (user_id, data, notification_id, occurred_at)
       VALUES ($1, $2, $3, $4) RETURNING id, data, notification_id, occurred_at`,
      [row.userId, JSON.stringify(row.data), row.notificationId, row.occurredAt],
    )) as LiveEventRow[];
    return toLiveEventDto(inserted);
  }

  /** Drops the user's events older than the replay window (few rows per user: done as they get new ones). */
  async prune(manager: EntityManager, userId: string, keepHours: number): Promise<void> {
    await manager.query(
      `DELETE FROM notifications.live_events
       WHERE user_id = $1 AND created_at < now() - make_interval(secs => $2)`,
      [userId, keepHours * 3600],
    );
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

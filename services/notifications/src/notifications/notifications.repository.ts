import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { NotificationDto, NotificationKind } from '@souvenir/contracts';
import { isoMicros } from '@souvenir/platform';
import type { DataSource, EntityManager } from 'typeorm';
import type { NotificationDraft } from '../live/deliveries';
import type { NotificationKey } from './notification-cursor';

interface NotificationRow {
  id: string;
  kind: NotificationKind;
  text: string;
  link: string;
  created_at: Date;
  created_key: string;
  read_at: Date | null;
}

export type StoredNotification = NotificationDto & { key: NotificationKey };

const toStored = (row: NotificationRow): StoredNotification => ({
  id: row.id,
  kind: row.kind,
  text: row.text,
  link: row.link,
  createdAt: row.created_at.toISOString(),
  readAt: row.read_at?.toISOString() ?? null,
  key: { createdAt: row.created_key, id: row.id },
});

/** The bell's rows (plain SQL by user and key). */
@Injectable()
export class NotificationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, userId: string, draft: NotificationDraft, occurredAt: string): Promise<string> {
    const id = randomUUID();
    await manager.query(
      `INSERT INTO notifications.notifications (id, user_id, kind, text, link, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, userId, draft.kind, draft.text, draft.link, occurredAt],
    );
    return id;
  }

  /** Newest first, after the key when given (the order of notifications_user_recent_idx). */
  async page(userId: string, limit: number, after?: NotificationKey): Promise<StoredNotification[]> {
    const rows = (await this.dataSource.query(
      `SELECT id, kind, text, link, created_at, ${isoMicros('created_at')} AS created_key, read_at
       FROM notifications.notifications
       WHERE user_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
       ORDER BY created_at DESC, id DESC LIMIT $4`,
      [userId, after?.createdAt ?? null, after?.id ?? null, limit],
    )) as NotificationRow[];
    return rows.map(toStored);
  }

  async countUnread(userId: string): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS count FROM notifications.notifications WHERE user_id = $1 AND read_at IS NULL`,
      [userId],
    )) as { count: number }[];
    return row.count;
  }

  /** False when the user has no such notification. */
  async markRead(userId: string, id: string): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `UPDATE notifications.notifications SET read_at = coalesce(read_at, now()) WHERE user_id = $1 AND id = $2
       RETURNING id`,
      [userId, id],
    )) as [unknown[], number];
    return rows[1] > 0;
  }

  async markAllRead(userId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE notifications.notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL`,
      [userId],
    );
  }
}

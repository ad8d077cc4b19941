import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DEFAULT_NOTIFICATION_KINDS,
  NOTIFICATION_SETTING_KINDS,
  type ChannelChoice,
  type DigestChoice,
  type NotificationSettingKind,
  type QuietHours,
} from '@souvenir/contracts';
import type { DataSource, EntityManager } from 'typeorm';

/** A person's settings with the defaults filled in. */
export interface StoredSettings {
  kinds: Record<NotificationSettingKind, ChannelChoice>;
  quietHours: QuietHours | null;
  digest: DigestChoice;
}

interface SettingsRow {
  user_id: string;
  kinds: Partial<Record<string, ChannelChoice>>;
  quiet_start: string | null;
  quiet_end: string | null;
  quiet_time_zone: string | null;
  digest: DigestChoice;
}

const toSettings = (row: SettingsRow | undefined): StoredSettings => ({
  kinds: Object.fromEntries(
    NOTIFICATION_SETTING_KINDS.map((kind) => [kind, { ...DEFAULT_NOTIFICATION_KINDS[kind], ...row?.kinds[kind] }]),
  ) as Record<NotificationSettingKind, ChannelChoice>,
  quietHours:
    row?.quiet_start && row.quiet_end && row.quiet_time_zone
      ? { start: row.quiet_start, end: row.quiet_end, timeZone: row.quiet_time_zone }
      : null,
  digest: row?.digest ?? 'off',
});

/** notifications.notification_settings (plain SQL, by user id): one row per person who changed anything. */
@Injectable()
export class NotificationSettingsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async get(userId: string, manager: EntityManager = this.dataSource.manager): Promise<StoredSettings> {
    const rows = (await manager.query(`SELECT * FROM notifications.notification_settings WHERE user_id = $1`, [
      userId,
    ])) as SettingsRow[];
    return toSettings(rows[0]);
  }

  /** Several people's settings at once (the mail sender's batch); everyone asked is in the answer. */
  async getMany(userIds: string[], manager: EntityManager = this.dataSource.manager) {
    const rows = (await manager.query(`SELECT * FROM notifications.notification_settings WHERE user_id = ANY($1)`, [
      userIds,
    ])) as SettingsRow[];
    const byUser = new Map(rows.map((row) => [row.user_id, row]));
    return new Map(userIds.map((id) => [id, toSettings(byUser.get(id))]));
  }

  /**
   * Merges the given kinds into the stored choices, and sets quiet hours and the digest when given (`quietHours`
   * null clears them), in one statement so two saves at once each keep what the other did not touch.
   */
  async save(
    userId: string,
    change: {
      kinds: Partial<Record<NotificationSettingKind, ChannelChoice>>;
      quietHours?: QuietHours | null;
      digest?: DigestChoice;
    },
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    const quiet = change.quietHours;
    await manager.query(
      `INSERT INTO notifications.notification_settings AS s (user_id, kinds, quiet_start, quiet_end, quiet_time_zone, digest)
       VALUES ($1, $2::jsonb, $4, $5, $6, coalesce($7, 'off'))
       ON CONFLICT (user_id) DO UPDATE SET
         kinds = s.kinds || excluded.kinds,
         quiet_start = CASE WHEN $3 THEN excluded.quiet_start ELSE s.quiet_start END,
         quiet_end = CASE WHEN $3 THEN excluded.quiet_end ELSE s.quiet_end END,
         quiet_time_zone = CASE WHEN $3 THEN excluded.quiet_time_zone ELSE s.quiet_time_zone END,
         digest = coalesce($7, s.digest),
         updated_at = now()`,
      [
        userId,
        JSON.stringify(change.kinds),
        quiet !== undefined,
        quiet?.start ?? null,
        quiet?.end ?? null,
        quiet?.timeZone ?? null,
        change.digest ?? null,
      ],
    );
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createPlatformTables, dropPlatformTables } from '@souvenir/platform';

export class CreateNotifications1736000000000 implements MigrationInterface {
  name = 'CreateNotifications1736000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createPlatformTables(queryRunner, 'notifications');
    // The bell: one row per thing a person should look at, kept until they read it (and after).
    await queryRunner.query(`
      CREATE TABLE notifications.notifications (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('sale', 'order', 'payout')),
        text text NOT NULL,
        link text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz
      )`);
    // The bell's list, newest first (its keyset), and its unread count.
    await queryRunner.query(
      `CREATE INDEX notifications_user_recent_idx ON notifications.notifications (user_id, created_at DESC, id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX notifications_user_unread_idx ON notifications.notifications (user_id) WHERE read_at IS NULL`,
    );
    // Each person's live events: the id is the SSE event id a reconnecting stream resumes after.
    await queryRunner.query(`
      CREATE TABLE notifications.live_events (
        id bigserial PRIMARY KEY,
        user_id uuid NOT NULL,
        data jsonb NOT NULL,
        notification_id uuid REFERENCES notifications.notifications (id) ON DELETE SET NULL,
        occurred_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX live_events_user_idx ON notifications.live_events (user_id, id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE notifications.live_events`);
    await queryRunner.query(`DROP TABLE notifications.notifications`);
    await dropPlatformTables(queryRunner, 'notifications');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

export class NotificationSettings1738300000000 implements MigrationInterface {
  name = 'NotificationSettings1738300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Only the choices a person made are stored (`kinds` holds the kinds they changed); the defaults fill in the
    // rest when read, so a new kind starts at its default for everyone without a data migration.
    await queryRunner.query(`
      CREATE TABLE notifications.notification_settings (
        user_id uuid PRIMARY KEY,
        kinds jsonb NOT NULL DEFAULT '{}'::jsonb,
        quiet_start text,
        quiet_end text,
        quiet_time_zone text,
        digest text NOT NULL DEFAULT 'off' CHECK (digest IN ('off', 'daily')),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A mail held for quiet hours: the claim skips it until the release job (pg-boss, due at the end) clears this.
    await queryRunner.query(`ALTER TABLE notifications.mail_outbox ADD COLUMN held_until timestamptz`);
    await queryRunner.query(
      `CREATE INDEX mail_outbox_held_idx ON notifications.mail_outbox (user_id, held_until) WHERE held_until IS NOT NULL`,
    );
    // Messages waiting for their recipient's daily digest; the digest takes them with a DELETE, so each goes once.
    await queryRunner.query(`
      CREATE TABLE notifications.digest_items (
        message_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        from_user_id uuid NOT NULL,
        text text NOT NULL,
        occurred_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX digest_items_user_idx ON notifications.digest_items (user_id, occurred_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE notifications.digest_items`);
    await queryRunner.query(`DROP INDEX notifications.mail_outbox_held_idx`);
    await queryRunner.query(`ALTER TABLE notifications.mail_outbox DROP COLUMN held_until`);
    await queryRunner.query(`DROP TABLE notifications.notification_settings`);
  }
}

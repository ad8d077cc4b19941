import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MailByAddress1737000000000 implements MigrationInterface {
  name = 'MailByAddress1737000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Every mail is a kind (one template each) with its parameters, for a recipient that is a user, an
    // address (guests, "Find my order", account mails) or an order's guest buyer (the address payments holds). A mail
    // is sent at most once per (event, kind, recipient): the unique index makes a repeated event queue nothing.
    await queryRunner.query(`
      ALTER TABLE notifications.mail_outbox
        ALTER COLUMN notification_id DROP NOT NULL,
        ALTER COLUMN user_id DROP NOT NULL,
        ALTER COLUMN subject DROP NOT NULL,
        ALTER COLUMN text DROP NOT NULL,
        ALTER COLUMN link DROP NOT NULL,
        ADD COLUMN event_id text,
        ADD COLUMN kind text,
        ADD COLUMN recipient text,
        ADD COLUMN params jsonb NOT NULL DEFAULT '{}',
        ADD COLUMN to_email text,
        ADD COLUMN to_name text,
        ADD COLUMN order_id uuid,
        ADD COLUMN sent_to text`);
    // Mails queued before: the generic notification template says what they said.
    await queryRunner.query(`
      UPDATE notifications.mail_outbox SET event_id = 'notification:' || notification_id, kind = 'notification',
        recipient = 'user:' || user_id, params = jsonb_build_object('subject', subject, 'text', text, 'link', link)`);
    await queryRunner.query(`
      ALTER TABLE notifications.mail_outbox
        ALTER COLUMN event_id SET NOT NULL, ALTER COLUMN kind SET NOT NULL, ALTER COLUMN recipient SET NOT NULL`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX mail_outbox_once_idx ON notifications.mail_outbox (event_id, kind, recipient)`,
    );
    // Addresses a mail server refused for good (5xx: no such mailbox, bounced): never written to again.
    await queryRunner.query(`
      CREATE TABLE notifications.mail_refusals (
        email text PRIMARY KEY,
        reason text NOT NULL,
        refused_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE notifications.mail_refusals`);
    await queryRunner.query(`DROP INDEX notifications.mail_outbox_once_idx`);
    await queryRunner.query(`DELETE FROM notifications.mail_outbox WHERE user_id IS NULL OR notification_id IS NULL`);
    await queryRunner.query(`
      ALTER TABLE notifications.mail_outbox DROP COLUMN event_id, DROP COLUMN kind, DROP COLUMN recipient,
        DROP COLUMN params, DROP COLUMN to_email, DROP COLUMN to_name, DROP COLUMN order_id, DROP COLUMN sent_to`);
  }
}

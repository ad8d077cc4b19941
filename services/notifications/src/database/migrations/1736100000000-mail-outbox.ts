import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MailOutbox1736100000000 implements MigrationInterface {
  name = 'MailOutbox1736100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The mails of important notifications, written in the transaction that writes the notification, so
    // none is lost; the mail worker sends each row and marks it sent. Only filled while SMTP_URL is set.
    await queryRunner.query(`
      CREATE TABLE notifications.mail_outbox (
        id uuid PRIMARY KEY,
        notification_id uuid NOT NULL REFERENCES notifications.notifications (id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        subject text NOT NULL,
        text text NOT NULL,
        link text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        attempts int NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        failed_at timestamptz,
        last_error text
      )`);
    // The worker's claim: the rows due, oldest first; sent and given-up rows leave the index.
    await queryRunner.query(
      `CREATE INDEX mail_outbox_due_idx ON notifications.mail_outbox (next_attempt_at)
       WHERE sent_at IS NULL AND failed_at IS NULL`,
    );
    await queryRunner.query(`CREATE INDEX mail_outbox_notification_idx ON notifications.mail_outbox (notification_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE notifications.mail_outbox`);
  }
}

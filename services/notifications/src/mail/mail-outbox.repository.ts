import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';

/** A mail to send, as claimed by the worker. */
export interface OutboxMail {
  id: string;
  userId: string;
  subject: string;
  text: string;
  link: string;
  attempts: number;
}

interface OutboxRow {
  id: string;
  user_id: string;
  subject: string;
  text: string;
  link: string;
  attempts: number;
}

/** notifications.mail_outbox (plain SQL): written with the notification, claimed and marked by the mail worker. */
@Injectable()
export class MailOutboxRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** In the transaction that writes the notification: the mail goes out if and only if the notification exists. */
  async add(
    manager: EntityManager,
    mail: { notificationId: string; userId: string; subject: string; text: string; link: string },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO notifications.mail_outbox (id, notification_id, user_id, subject, text, link)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [randomUUID(), mail.notificationId, mail.userId, mail.subject, mail.text, mail.link],
    );
  }

  /**
   * Takes up to `limit` mails that are due and counts the attempt. The claim pushes their next attempt `leaseSeconds`
   * ahead in the same statement, so another worker (another replica) skips them while this one sends (SKIP LOCKED
   * while the statement runs, the lease after it); a worker that dies mid-send leaves them due again after the lease.
   */
  async claim(limit: number, leaseSeconds: number): Promise<OutboxMail[]> {
    const [rows] = (await this.dataSource.query(
      `UPDATE notifications.mail_outbox SET attempts = attempts + 1,
         next_attempt_at = now() + make_interval(secs => $2)
       WHERE id IN (
         SELECT id FROM notifications.mail_outbox
         WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
         ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING id, user_id, subject, text, link, attempts`,
      [limit, leaseSeconds],
    )) as [OutboxRow[], number];
    return rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      subject: row.subject,
      text: row.text,
      link: row.link,
      attempts: row.attempts,
    }));
  }

  async markSent(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE notifications.mail_outbox SET sent_at = now(), last_error = NULL WHERE id = $1`,
      [id],
    );
  }

  /** A failed attempt: due again after `retryInSeconds`, or given up (`retryInSeconds` null), with the error kept. */
  async markFailed(id: string, error: string, retryInSeconds: number | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE notifications.mail_outbox SET last_error = $2,
         next_attempt_at = CASE WHEN $3::float8 IS NULL THEN next_attempt_at
                                ELSE now() + make_interval(secs => $3::float8) END,
         failed_at = CASE WHEN $3::float8 IS NULL THEN now() END
       WHERE id = $1`,
      [id, error.slice(0, 1000), retryInSeconds],
    );
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { recipientKey, type MailDraft } from './mail-draft';

/** A draft as queued: `heldUntil` keeps it from the sender until its quiet-hours release. */
export type QueuedDraft = MailDraft & { heldUntil?: Date };

/** A mail to send, as claimed by the worker. */
export interface OutboxMail {
  id: string;
  kind: string;
  params: Record<string, unknown>;
  userId: string | null;
  toEmail: string | null;
  toName: string | null;
  /** The order whose facts the template needs; with `guest`, the recipient is that order's guest buyer. */
  orderId: string | null;
  guest: boolean;
  attempts: number;
}

interface OutboxRow {
  id: string;
  kind: string;
  params: Record<string, unknown>;
  user_id: string | null;
  to_email: string | null;
  to_name: string | null;
  order_id: string | null;
  recipient: string;
  attempts: number;
}

/** notifications.mail_outbox and mail_refusals (plain SQL): queued with the change they tell, claimed and marked by the sender. */
@Injectable()
export class MailOutboxRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * In the caller's transaction (the consumer's, which records the event as processed): the mail exists if and only if
   * the change does. A second draft for the same (event, kind, recipient) is dropped, so nothing is mailed twice.
   */
  async add(manager: EntityManager, drafts: QueuedDraft[]): Promise<void> {
    for (const draft of drafts) {
      const to = draft.to;
      await manager.query(
        `INSERT INTO notifications.mail_outbox (id, event_id, kind, recipient, params, user_id, to_email, to_name, order_id, held_until)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (event_id, kind, recipient) DO NOTHING`,
        [
          randomUUID(),
          draft.eventId,
          draft.kind,
          recipientKey(to),
          JSON.stringify(draft.params),
          'userId' in to ? to.userId : null,
          'email' in to ? to.email.trim() : null,
          'email' in to ? (to.firstName ?? null) : null,
          'guestOfOrder' in to ? to.guestOfOrder : (draft.orderId ?? null),
          draft.heldUntil ?? null,
        ],
      );
    }
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
         WHERE sent_at IS NULL AND failed_at IS NULL AND held_until IS NULL AND next_attempt_at <= now()
         ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING id, kind, params, user_id, to_email, to_name, order_id, recipient, attempts`,
      [limit, leaseSeconds],
    )) as [OutboxRow[], number];
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      params: row.params,
      userId: row.user_id,
      toEmail: row.to_email,
      toName: row.to_name,
      orderId: row.order_id,
      guest: row.recipient.startsWith('guest:'),
      attempts: row.attempts,
    }));
  }

  /** Sent: the row is done, and the parameters named in `secretParams` (links holding tokens) are dropped from it. */
  async markSent(id: string, sentTo: string, secretParams: readonly string[] = []): Promise<void> {
    await this.dataSource.query(
      `UPDATE notifications.mail_outbox SET sent_at = now(), sent_to = $2, last_error = NULL, params = params - $3::text[]
       WHERE id = $1`,
      [id, sentTo, secretParams],
    );
  }

  /**
   * A failed attempt: due again after `retryInSeconds`, or given up (`retryInSeconds` null), with the error kept. A
   * mail given up drops its `secretParams` as a sent one does; one to be retried still needs them.
   */
  async markFailed(
    id: string,
    error: string,
    retryInSeconds: number | null,
    secretParams: readonly string[] = [],
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE notifications.mail_outbox SET last_error = $2,
         next_attempt_at = CASE WHEN $3::float8 IS NULL THEN next_attempt_at
                                ELSE now() + make_interval(secs => $3::float8) END,
         failed_at = CASE WHEN $3::float8 IS NULL THEN now() END,
         params = CASE WHEN $3::float8 IS NULL THEN params - $4::text[] ELSE params END
       WHERE id = $1`,
      [id, error.slice(0, 1000), retryInSeconds, secretParams],
    );
  }

  /** A mail server refused the address for good: it is remembered and never written to again. */
  async recordRefusal(email: string, reason: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO notifications.mail_refusals (email, reason) VALUES (lower($1), $2)
       ON CONFLICT (email) DO UPDATE SET reason = excluded.reason, refused_at = now()`,
      [email, reason.slice(0, 1000)],
    );
  }

  async refusedAmong(emails: string[]): Promise<Set<string>> {
    if (!emails.length) return new Set();
    const rows = (await this.dataSource.query(
      `SELECT email FROM notifications.mail_refusals WHERE email = ANY($1::text[])`,
      [emails.map((e) => e.toLowerCase())],
    )) as { email: string }[];
    return new Set(rows.map((r) => r.email));
  }
}

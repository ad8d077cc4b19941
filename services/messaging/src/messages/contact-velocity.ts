import { Injectable } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { Outbox } from '@souvenir/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { MessagingConfig } from '../config/messaging.config';

const HOUR_SECONDS = 3600;

/**
 * New-account velocity for messages (README "New-account velocity"): an account younger than NEW_ACCOUNT_DAYS may start
 * conversations with NEW_ACCOUNT_NEW_CONTACTS_PER_HOUR new people in a clock hour; past it, a message to anyone new is
 * refused (429) until the hour ends, and the first refusal queues the account for support. Writing to someone they
 * already talk with is never counted. The count is a row per sender and hour incremented by an upsert: its row lock
 * orders parallel sends, so exactly the threshold's number get through whatever arrives at once.
 */
@Injectable()
export class ContactVelocity {
  constructor(
    private readonly config: MessagingConfig,
    private readonly outbox: Outbox,
    private readonly dataSource: DataSource,
  ) {}

  /** The sender's name when the rule counts this message (a new account writing to someone new), else null. */
  async counts(senderId: string, recipientId: string): Promise<string | null> {
    const [row] = await this.dataSource.query<{ name: string }[]>(
      `SELECT concat_ws(' ', first_name, last_name) AS name FROM messaging.users
        WHERE id = $1 AND joined_at > now() - make_interval(days => $3)
          AND NOT EXISTS (SELECT 1 FROM messaging.conversations WHERE user_id = $1 AND other_user_id = $2)`,
      [senderId, recipientId, this.config.NEW_ACCOUNT_DAYS],
    );
    return row?.name ?? null;
  }

  /**
   * Counts one new person for the sender in this hour; answers the seconds to wait when past the threshold (the
   * count is kept and, the first time, the account's queueing event written: the caller commits without the message).
   */
  async count(manager: EntityManager, senderId: string, name: string): Promise<number | null> {
    await manager.query(
      `DELETE FROM messaging.contact_velocity WHERE sender_id = $1 AND window_start < date_trunc('hour', now())`,
      [senderId],
    );
    const [row] = await manager.query<{ new_people: number; window_start: Date; retry_after: number }[]>(
      `INSERT INTO messaging.contact_velocity AS v (sender_id, window_start, new_people)
       VALUES ($1, date_trunc('hour', now()), 1)
       ON CONFLICT (sender_id, window_start) DO UPDATE SET new_people = v.new_people + 1
       RETURNING new_people, window_start,
         ceil(extract(epoch FROM v.window_start + interval '1 hour' - now()))::int AS retry_after`,
      [senderId],
    );
    const limit = this.config.NEW_ACCOUNT_NEW_CONTACTS_PER_HOUR;
    if (row!.new_people <= limit) return null;
    if (row!.new_people === limit + 1)
      await this.outbox.add(manager, EVENTS.messaging.contactVelocityExceeded, {
        userId: senderId,
        name,
        count: row!.new_people,
        windowStart: row!.window_start.toISOString(),
        occurredAt: new Date().toISOString(),
      });
    return Math.min(HOUR_SECONDS, Math.max(1, row!.retry_after));
  }
}

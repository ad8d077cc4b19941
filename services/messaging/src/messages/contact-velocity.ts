import { Injectable } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { countThisHour, Outbox } from '@souvenir/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { MessagingConfig } from '../config/messaging.config';

const CONTACT_VELOCITY = {
  table: 'messaging.contact_velocity',
  subjectColumn: 'sender_id',
  countColumn: 'new_people',
} as const;

/**
 * New-account velocity for messages (README "New-account velocity"): an account younger than NEW_ACCOUNT_DAYS may start
 * conversations with NEW_ACCOUNT_NEW_CONTACTS_PER_HOUR new people in a clock hour; past it, a message to anyone new is
 * refused (429) until the hour ends, and the first refusal queues the account for support. Writing to someone they
 * already talk with is never counted. Counted by `countThisHour`, whose row lock orders parallel sends, so exactly
 * the threshold's number get through whatever arrives at once.
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
    const { count, windowStart, secondsLeft } = await countThisHour(manager, CONTACT_VELOCITY, senderId);
    const limit = this.config.NEW_ACCOUNT_NEW_CONTACTS_PER_HOUR;
    if (count <= limit) return null;
    if (count === limit + 1)
      await this.outbox.add(manager, EVENTS.messaging.contactVelocityExceeded, {
        userId: senderId,
        name,
        count,
        windowStart: windowStart.toISOString(),
        occurredAt: new Date().toISOString(),
      });
    return secondsLeft;
  }
}

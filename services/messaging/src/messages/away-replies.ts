import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { defaultAwayReply } from '@souvenir/contracts';
import { Outbox } from '@souvenir/platform';
import type { DataSource } from 'typeorm';
import { AwayUsersRepository } from '../read-models/away-users.repository';
import { CompletedPairs } from '../shield/completed-pairs';
import { shieldMessage } from '../shield/contact-shield';
import { MessagesRepository, type MessageRow } from './messages.repository';

/**
 * Away mode's automatic reply: a message to someone who is away is answered with their away message, in their name
 * and marked automatic, at most once per conversation (the two people and the product) and UTC day. The day's row
 * in `messaging.away_replies` and the reply are written in one transaction; the row's primary key makes a second
 * message that day (or a replica racing this one) write nothing. No timer: it happens when someone writes.
 */
@Injectable()
export class AwayReplies {
  private readonly logger = new Logger(AwayReplies.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly awayUsers: AwayUsersRepository,
    private readonly messages: MessagesRepository,
    private readonly completedPairs: CompletedPairs,
    private readonly outbox: Outbox,
  ) {}

  /** Answers `sent` for its recipient when they are away. Never fails the message it answers: a miss is logged. */
  async answer(sent: MessageRow): Promise<void> {
    try {
      await this.dataSource.transaction(async (manager) => {
        const away = await this.awayUsers.findCurrent(manager, sent.to_user_id);
        if (!away) return;
        const claimed = (await manager.query(
          `INSERT INTO messaging.away_replies (away_user_id, other_user_id, product_id, day)
           VALUES ($1, $2, $3, (now() AT TIME ZONE 'UTC')::date) ON CONFLICT DO NOTHING RETURNING day`,
          [sent.to_user_id, sent.from_user_id, sent.product_id],
        )) as unknown[];
        if (!claimed.length) return;
        const content = away.message ?? defaultAwayReply(away.until);
        // The away person's words, like any of theirs, are masked for the reader until the two completed an order.
        const shield = (await this.completedPairs.haveCompleted(sent.to_user_id, sent.from_user_id))
          ? null
          : shieldMessage(content);
        await this.messages.insertAnnounced(
          {
            fromUserId: sent.to_user_id,
            toUserId: sent.from_user_id,
            productId: sent.product_id,
            content,
            kind: 'automatic',
            ...(shield ? { shield } : {}),
          },
          manager,
        );
        this.outbox.wakeAfterThisCommit(manager);
      });
    } catch (error) {
      this.logger.warn({ msg: 'automatic reply not sent', messageId: sent.id, error: (error as Error).message });
    }
  }
}

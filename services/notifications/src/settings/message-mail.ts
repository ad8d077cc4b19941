import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { MessageSentEvent } from '@souvenir/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { NotificationsConfig } from '../config/notifications.config';
import { JobQueue } from '../jobs/job-queue';
import { UserNamesRepository } from '../live/user-names.repository';
import { MailQueue } from '../mail/mail-queue';
import { NotificationSettingsRepository } from './notification-settings.repository';

export const SEND_DIGESTS = 'notifications.send-digests';
/** Quoted in one digest; the rest are counted ("And 12 more"). */
const DIGEST_QUOTES = 20;

/**
 * A member's new message by e-mail: one mail per message, or, for people who chose the daily digest, a row in
 * digest_items that the day's digest takes. The digest runs on a pg-boss schedule (one firing per slot across
 * replicas), and takes each person's rows with a DELETE in the transaction that queues their mail, so even two
 * digests running at once (a retried job, a second replica) mail each message once.
 */
@Injectable()
export class MessageMail implements OnApplicationBootstrap {
  private readonly logger = new Logger(MessageMail.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: NotificationsConfig,
    private readonly jobs: JobQueue,
    private readonly settings: NotificationSettingsRepository,
    private readonly names: UserNamesRepository,
    private readonly mail: MailQueue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.SMTP_URL) return;
    await this.jobs.define(SEND_DIGESTS, { retryLimit: 5, retryDelay: 60, expireInSeconds: 1800 });
    await this.jobs.work(SEND_DIGESTS, async () => void (await this.sendDigests()));
    await this.jobs.schedule(SEND_DIGESTS, this.config.DIGEST_CRON);
  }

  /** In the consumer's transaction of the message's event. */
  async messageSent(manager: EntityManager, event: MessageSentEvent): Promise<void> {
    // An offer's step has its own mail (the offers setting): not mailed again as a message.
    if (!this.config.SMTP_URL || event.kind === 'offer') return;
    const settings = await this.settings.get(event.toUserId, manager);
    if (!settings.kinds.messages.email) return;
    if (settings.digest === 'daily') {
      await manager.query(
        `INSERT INTO notifications.digest_items (message_id, user_id, from_user_id, text, occurred_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (message_id) DO NOTHING`,
        [event.messageId, event.toUserId, event.fromUserId, event.content, event.occurredAt],
      );
      return;
    }
    const author = (await this.names.firstName(manager, event.fromUserId)) ?? null;
    await this.mail.add(
      manager,
      [
        {
          eventId: `message:${event.messageId}`,
          kind: 'new-message',
          to: { userId: event.toUserId },
          params: { author, text: event.content },
        },
      ],
      event.occurredAt,
    );
  }

  /** Everyone's waiting messages, one mail per person. Answers how many digests were queued. */
  async sendDigests(): Promise<number> {
    const users = (await this.dataSource.query(`SELECT DISTINCT user_id FROM notifications.digest_items`)) as {
      user_id: string;
    }[];
    let sent = 0;
    for (const { user_id } of users) if (await this.sendDigest(user_id)) sent++;
    if (sent) this.logger.log({ msg: 'message digests queued', count: sent });
    return sent;
  }

  private sendDigest(userId: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const [rows] = (await manager.query(
        `DELETE FROM notifications.digest_items WHERE user_id = $1
         RETURNING message_id, from_user_id, text, occurred_at`,
        [userId],
      )) as [{ message_id: string; from_user_id: string; text: string; occurred_at: Date }[], number];
      if (!rows.length) return false;
      rows.sort((a, b) => a.occurred_at.getTime() - b.occurred_at.getTime());
      const messages = [];
      for (const row of rows.slice(0, DIGEST_QUOTES))
        messages.push({ author: (await this.names.firstName(manager, row.from_user_id)) ?? null, text: row.text });
      await this.mail.add(manager, [
        {
          eventId: `digest:${rows.at(-1)!.message_id}`,
          kind: 'message-digest',
          to: { userId },
          params: { total: rows.length, messages },
        },
      ]);
      return true;
    });
  }
}

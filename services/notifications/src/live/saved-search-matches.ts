import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SavedSearchMatchedEvent } from '@souvenir/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { NotificationsConfig } from '../config/notifications.config';
import { JobQueue } from '../jobs/job-queue';
import { MailQueue } from '../mail/mail-queue';
import { NotificationSettingsRepository } from '../settings/notification-settings.repository';
import { LiveEventsService } from './live-events.service';

export const SEND_SAVED_SEARCH_MAIL = 'notifications.send-saved-search-mail';

/**
 * A listing matched someone's saved search (alerts' `saved-search.matched`): the bell and their open tabs at once, as
 * their `savedSearches` setting says (LiveEventsService applies it), and e-mail at most once a day per search,
 * digesting what matched meanwhile. The first waiting match creates the search's pg-boss job in the consumer's
 * transaction, due SAVED_SEARCH_MAIL_DELAY_SECONDS later (so a burst is one mail) and never sooner than a day after
 * the search's previous mail; the job takes the waiting items with a DELETE under the search's row lock, so each is
 * mailed once. An item that leaves sale (removed, held, sold) or is reserved leaves the waiting items: a mail never
 * shows it.
 */
@Injectable()
export class SavedSearchMatches implements OnApplicationBootstrap {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: NotificationsConfig,
    private readonly jobs: JobQueue,
    private readonly live: LiveEventsService,
    private readonly mail: MailQueue,
    private readonly settings: NotificationSettingsRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.SMTP_URL) return;
    await this.jobs.define(SEND_SAVED_SEARCH_MAIL, { retryLimit: 10, retryDelay: 30, retryBackoff: true });
    await this.jobs.work<{ savedSearchId: string }>(
      SEND_SAVED_SEARCH_MAIL,
      async ({ savedSearchId }) => void (await this.sendMail(savedSearchId)),
    );
  }

  async matched(event: SavedSearchMatchedEvent, manager: EntityManager): Promise<void> {
    await this.live.record(
      manager,
      [
        {
          userId: event.userId,
          data: { type: 'saved-search.matched', savedSearchId: event.savedSearchId, productId: event.productId },
          notification: {
            kind: 'savedSearchMatch',
            text: `New match for your saved search ${event.label}: ${event.title}, $${event.price}`,
            link: `/product/${event.productId}`,
          },
        },
      ],
      event.occurredAt,
    );
    if (!this.config.SMTP_URL) return;
    if (Date.now() - Date.parse(event.occurredAt) > this.config.NOTIFICATIONS_MAX_AGE_DAYS * 86_400_000) return;
    if (!(await this.settings.get(event.userId, manager)).kinds.savedSearches.email) return;
    const added = (await manager.query(
      `INSERT INTO notifications.saved_search_mail_items (match_id, saved_search_id, product_id, title, price,
         occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (match_id) DO NOTHING RETURNING match_id`,
      [event.matchId, event.savedSearchId, event.productId, event.title, event.price, event.occurredAt],
    )) as unknown[];
    if (!added.length) return;
    // The search's row: a mail already due takes this item too; otherwise this item makes one due.
    const due = (await manager.query(
      `INSERT INTO notifications.saved_search_mails AS m (saved_search_id, user_id, label, due_at)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4))
       ON CONFLICT (saved_search_id) DO UPDATE
         SET label = EXCLUDED.label,
             due_at = GREATEST(EXCLUDED.due_at, m.last_sent_at + interval '1 day')
         WHERE m.due_at IS NULL
       RETURNING due_at`,
      [event.savedSearchId, event.userId, event.label, this.config.SAVED_SEARCH_MAIL_DELAY_SECONDS],
    )) as { due_at: Date }[];
    if (!due.length) return;
    await this.jobs.sendInTransaction(
      manager,
      SEND_SAVED_SEARCH_MAIL,
      { savedSearchId: event.savedSearchId },
      { startAfter: due[0].due_at },
    );
  }

  /** An item off sale or reserved is taken out of every waiting mail. */
  async offSale(productId: string, manager: EntityManager): Promise<void> {
    await manager.query(`DELETE FROM notifications.saved_search_mail_items WHERE product_id = $1`, [productId]);
  }

  /** The search's one mail of the day, with every item waiting for it (none: nothing is sent). */
  async sendMail(savedSearchId: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const [search] = (await manager.query(
        `SELECT user_id, label FROM notifications.saved_search_mails WHERE saved_search_id = $1 FOR UPDATE`,
        [savedSearchId],
      )) as { user_id: string; label: string }[];
      if (!search) return false;
      const [items] = (await manager.query(
        `DELETE FROM notifications.saved_search_mail_items WHERE saved_search_id = $1
         RETURNING match_id, product_id, title, price, occurred_at`,
        [savedSearchId],
      )) as [{ match_id: string; product_id: string; title: string; price: string; occurred_at: Date }[], number];
      await manager.query(
        `UPDATE notifications.saved_search_mails
            SET due_at = NULL, last_sent_at = CASE WHEN $2 THEN now() ELSE last_sent_at END
          WHERE saved_search_id = $1`,
        [savedSearchId, items.length > 0],
      );
      if (!items.length) return false;
      items.sort((a, b) => a.occurred_at.getTime() - b.occurred_at.getTime());
      await this.mail.add(manager, [
        {
          eventId: `saved-search:${savedSearchId}:${items[0].match_id}`,
          kind: 'saved-search',
          to: { userId: search.user_id },
          params: {
            label: search.label,
            total: items.length,
            items: items.map((item) => ({ productId: item.product_id, title: item.title, price: item.price })),
          },
        },
      ]);
      return true;
    });
  }
}

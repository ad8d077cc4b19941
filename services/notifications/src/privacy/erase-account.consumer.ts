import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DELETED_USER_NAME, EVENTS, DELETED_USER_VERSION } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';

/**
 * notifications' part of an account deletion: the person's notifications, live events, settings, digest items (theirs
 * and those quoting them) and every mail to them, sent or queued, go. Their addresses are found from those mails (account mails carry the user id in their event id), so
 * a mail queued to the address alone goes too; identity no longer answers the account's address, so nothing new is
 * sent to it. The name others' notifications quote reads "Deleted user".
 */
@Injectable()
export class EraseAccountConsumer implements OnApplicationBootstrap {
  constructor(private readonly consumer: EventConsumer) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.identity.userDeleted]: (event, manager) => this.erase(event.userId, manager),
    });
  }

  async erase(userId: string, manager: EntityManager): Promise<void> {
    const theirs = `(user_id = $1::uuid OR recipient = 'user:' || $1::text OR event_id LIKE '%:' || $1::text || ':%')`;
    const addresses = await manager.query<{ email: string }[]>(
      `SELECT DISTINCT lower(email) AS email FROM notifications.mail_outbox, LATERAL unnest(ARRAY[to_email, sent_to]) AS email
        WHERE ${theirs} AND email IS NOT NULL`,
      [userId],
    );
    await manager.query(
      `DELETE FROM notifications.mail_outbox
        WHERE ${theirs} OR lower(to_email) = ANY($2::text[]) OR lower(sent_to) = ANY($2::text[])
           OR recipient = ANY(SELECT 'email:' || a FROM unnest($2::text[]) AS a)`,
      [userId, addresses.map((a) => a.email)],
    );
    await manager.query(`DELETE FROM notifications.live_events WHERE user_id = $1`, [userId]);
    await manager.query(`DELETE FROM notifications.notifications WHERE user_id = $1`, [userId]);
    await manager.query(`DELETE FROM notifications.notification_settings WHERE user_id = $1`, [userId]);
    // Their words waiting in someone else's digest go too: messaging has erased them from the conversation.
    await manager.query(`DELETE FROM notifications.digest_items WHERE user_id = $1 OR from_user_id = $1`, [userId]);
    // Their saved searches' waiting mails (alerts deletes the searches themselves).
    await manager.query(
      `DELETE FROM notifications.saved_search_mail_items WHERE saved_search_id IN
         (SELECT saved_search_id FROM notifications.saved_search_mails WHERE user_id = $1)`,
      [userId],
    );
    await manager.query(`DELETE FROM notifications.saved_search_mails WHERE user_id = $1`, [userId]);
    await manager.query(
      `INSERT INTO notifications.user_names (user_id, first_name, version) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET first_name = $2, version = $3`,
      [userId, DELETED_USER_NAME, DELETED_USER_VERSION],
    );
  }
}

import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ACCOUNT_DELETION_MESSAGES, EVENTS, DELETED_USER_VERSION } from '@souvenir/contracts';
import { EventConsumer, eraseBlocksOf } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';

/**
 * messaging's part of an account deletion: the person reads "Deleted user" in everyone's inbox, and what they wrote is
 * replaced by a neutral sentence. The conversations stay, so the other party still has their own side and knows what
 * happened (README "Account deletion"). The inbox triggers raise both parties' inbox versions.
 */
@Injectable()
export class EraseAccountConsumer implements OnApplicationBootstrap {
  constructor(private readonly consumer: EventConsumer) {}

  onApplicationBootstrap(): Promise<void> {
    return this.consumer.start({
      [EVENTS.identity.userDeleted]: (event, manager) => this.erase(event.userId, manager),
    });
  }

  async erase(userId: string, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO messaging.users (id, first_name, last_name, avatar, version, updated_at)
       VALUES ($1, 'Deleted', 'user', NULL, $2, now())
       ON CONFLICT (id) DO UPDATE SET first_name = 'Deleted', last_name = 'user', avatar = NULL, version = $2,
         updated_at = now()`,
      [userId, DELETED_USER_VERSION],
    );
    await manager.query(
      `UPDATE messaging.messages SET content = $2, masked_content = NULL, shield_findings = NULL
        WHERE from_user_id = $1 AND kind IN ('user', 'automatic') AND (content <> $2 OR masked_content IS NOT NULL)`,
      [userId, ACCOUNT_DELETION_MESSAGES.erasedMessage],
    );
    // Their away message goes, pinned at a version no late away event can reach.
    await manager.query(
      `INSERT INTO messaging.away_users (user_id, until, message, version) VALUES ($1, NULL, NULL, $2)
       ON CONFLICT (user_id) DO UPDATE SET until = NULL, message = NULL, version = $2`,
      [userId, DELETED_USER_VERSION],
    );
    // Their blocks and the pairs they completed orders with mean nothing once they are gone.
    await eraseBlocksOf(manager, 'messaging', userId);
    await manager.query(`DELETE FROM messaging.completed_pairs WHERE user_low = $1 OR user_high = $1`, [userId]);
  }
}

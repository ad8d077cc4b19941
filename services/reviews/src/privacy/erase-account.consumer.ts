import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, DELETED_USER_VERSION } from '@souvenir/contracts';
import { EventConsumer, eraseBlocksOf } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';

/**
 * reviews' part of an account deletion: the person's name and photo on every review they wrote read "Deleted user".
 * The reviews themselves stay, written and received (README "Account deletion").
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
    await manager.query(
      `INSERT INTO reviews.users (id, first_name, last_name, avatar, version) VALUES ($1, 'Deleted', 'user', NULL, $2)
       ON CONFLICT (id) DO UPDATE SET first_name = 'Deleted', last_name = 'user', avatar = NULL, version = $2`,
      [userId, DELETED_USER_VERSION],
    );
    await eraseBlocksOf(manager, 'reviews', userId);
  }
}

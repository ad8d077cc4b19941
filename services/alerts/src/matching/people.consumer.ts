import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { countryOfLocation, EVENTS, type UserProfileChangedEvent } from '@souvenir/contracts';
import { applyBlockChange, EventConsumer, eraseBlocksOf } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';

/**
 * What alerts knows of people: the country they live in (delivery is domestic, so only items shipped within it
 * alert them; as catalog's `shipsTo`, the country their profile location names), the blocks between them, and the
 * deletion of an account, which deletes its saved searches with their keys and matches.
 */
@Injectable()
export class PeopleConsumer implements OnApplicationBootstrap {
  constructor(private readonly consumer: EventConsumer) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.identity.userRegistered]: (event, manager) => this.profile(event, manager),
      [EVENTS.identity.userUpdated]: (event, manager) => this.profile(event, manager),
      [EVENTS.identity.blockChanged]: (event, manager) => applyBlockChange(manager, 'alerts', event),
      [EVENTS.identity.userDeleted]: async (event, manager) => {
        await manager.query(`DELETE FROM alerts.saved_searches WHERE user_id = $1`, [event.userId]);
        await manager.query(`DELETE FROM alerts.people WHERE user_id = $1`, [event.userId]);
        await eraseBlocksOf(manager, 'alerts', event.userId);
      },
    });
  }

  async profile(event: UserProfileChangedEvent, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO alerts.people (user_id, ships_to, version) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET ships_to = EXCLUDED.ships_to, version = EXCLUDED.version
       WHERE alerts.people.version < EXCLUDED.version`,
      [event.userId, countryOfLocation(event.location), event.version],
    );
  }
}

import { Injectable } from '@nestjs/common';
import type { SellerAwayChangedEvent } from '@souvenir/contracts';
import type { EntityManager } from 'typeorm';

/** What the automatic reply needs of a person who is away. */
export interface AwayUser {
  /** `YYYY-MM-DD` */
  until: string;
  message: string | null;
}

/** messaging's copy of catalog's away mode (`messaging.away_users`), fed by `seller.away-changed`. */
@Injectable()
export class AwayUsersRepository {
  /** Keeps the newest version per person: replayed or reordered events change nothing. */
  async apply(manager: EntityManager, event: SellerAwayChangedEvent): Promise<void> {
    await manager.query(
      `INSERT INTO messaging.away_users (user_id, until, message, version) VALUES ($1, $2::date, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET until = EXCLUDED.until, message = EXCLUDED.message,
         version = EXCLUDED.version
        WHERE messaging.away_users.version < EXCLUDED.version`,
      [event.sellerId, event.until, event.message, event.version],
    );
  }

  /** The person's away mode while it lasts (a return date after today, UTC), else null. */
  async findCurrent(manager: EntityManager, userId: string): Promise<AwayUser | null> {
    const [row] = (await manager.query(
      `SELECT to_char(until, 'YYYY-MM-DD') AS until, message FROM messaging.away_users
        WHERE user_id = $1 AND until > (now() AT TIME ZONE 'UTC')::date`,
      [userId],
    )) as AwayUser[];
    return row ?? null;
  }
}

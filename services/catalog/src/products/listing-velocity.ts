import { Injectable } from '@nestjs/common';
import { VELOCITY_MESSAGES } from '@souvenir/contracts';
import { countThisHour, DomainError } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';
import { CatalogConfig } from '../config/catalog.config';

/** What the velocity rule makes of one more listing: on sale, or created held with the account queued for support. */
export type ListingAdmission = { held: false } | { held: true; count: number; windowStart: string; name: string };

const LISTING_VELOCITY = {
  table: 'catalog.listing_velocity',
  subjectColumn: 'seller_id',
  countColumn: 'listings',
} as const;

/**
 * New-account velocity for listings (README "New-account velocity"): an account younger than NEW_ACCOUNT_DAYS may list
 * NEW_ACCOUNT_LISTINGS_PER_HOUR items in a clock hour; the next one is created held (and the account queued), any
 * later one that hour is refused with 429 until the hour ends. Counted inside the create's transaction
 * (`countThisHour`): a refused create rolls its increment back, so exactly the threshold's number go on sale.
 */
@Injectable()
export class ListingVelocity {
  constructor(private readonly config: CatalogConfig) {}

  /** Counts one listing of `sellerId` (a held or refused one included); throws 429 past the one held. */
  async admit(manager: EntityManager, sellerId: string): Promise<ListingAdmission> {
    const [seller] = await manager.query<{ name: string }[]>(
      `SELECT concat_ws(' ', first_name, last_name) AS name FROM catalog.sellers
        WHERE id = $1 AND joined_at > now() - make_interval(days => $2)`,
      [sellerId, this.config.NEW_ACCOUNT_DAYS],
    );
    if (!seller) return { held: false };
    const { count, windowStart, secondsLeft } = await countThisHour(manager, LISTING_VELOCITY, sellerId);
    const limit = this.config.NEW_ACCOUNT_LISTINGS_PER_HOUR;
    if (count <= limit) return { held: false };
    if (count === limit + 1) return { held: true, count, windowStart: windowStart.toISOString(), name: seller.name };
    throw DomainError.slowedDown(VELOCITY_MESSAGES.listingsSlowed(Math.ceil(secondsLeft / 60)), secondsLeft);
  }
}

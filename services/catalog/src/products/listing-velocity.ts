import { Injectable } from '@nestjs/common';
import { VELOCITY_MESSAGES } from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';
import { CatalogConfig } from '../config/catalog.config';

/** What the velocity rule makes of one more listing: on sale, or created held with the account queued for support. */
export type ListingAdmission = { held: false } | { held: true; count: number; windowStart: string; name: string };

const HOUR_SECONDS = 3600;

/**
 * New-account velocity for listings (README "New-account velocity"): an account younger than NEW_ACCOUNT_DAYS may list
 * NEW_ACCOUNT_LISTINGS_PER_HOUR items in a clock hour; the next one is created held (and the account queued), any
 * later one that hour is refused with 429 until the hour ends. The count is a row per seller and hour incremented by
 * an upsert inside the create's transaction: its row lock orders parallel creates, and a refused create rolls its
 * increment back, so exactly the threshold's number go on sale whatever arrives at once.
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
    // The seller's earlier hours are over: their rows go (primary-key prefix), so the table stays one row per seller.
    await manager.query(
      `DELETE FROM catalog.listing_velocity WHERE seller_id = $1 AND window_start < date_trunc('hour', now())`,
      [sellerId],
    );
    const [row] = await manager.query<{ listings: number; window_start: Date; retry_after: number }[]>(
      `INSERT INTO catalog.listing_velocity AS v (seller_id, window_start, listings)
       VALUES ($1, date_trunc('hour', now()), 1)
       ON CONFLICT (seller_id, window_start) DO UPDATE SET listings = v.listings + 1
       RETURNING listings, window_start,
         ceil(extract(epoch FROM v.window_start + interval '1 hour' - now()))::int AS retry_after`,
      [sellerId],
    );
    const limit = this.config.NEW_ACCOUNT_LISTINGS_PER_HOUR;
    if (row!.listings <= limit) return { held: false };
    if (row!.listings === limit + 1)
      return { held: true, count: row!.listings, windowStart: row!.window_start.toISOString(), name: seller.name };
    const retryAfter = Math.min(HOUR_SECONDS, Math.max(1, row!.retry_after));
    throw DomainError.slowedDown(VELOCITY_MESSAGES.listingsSlowed(Math.ceil(retryAfter / 60)), retryAfter);
  }
}

import { Injectable } from '@nestjs/common';
import type { SellerAwayChangedEvent } from '@souvenir/contracts';
import type { EntityManager } from 'typeorm';

/**
 * payments' copy of catalog's away mode (the checkout itself reads it from the product catalog answers, always fresh):
 * when a payment is recorded, the transaction reads here whether its seller is away, without a call to catalog.
 */
@Injectable()
export class AwaySellers {
  /** Keeps the newest version per seller: replayed or reordered events change nothing. */
  async apply(manager: EntityManager, event: SellerAwayChangedEvent): Promise<void> {
    await manager.query(
      `INSERT INTO payments.away_sellers (seller_id, until, version) VALUES ($1, $2::date, $3)
       ON CONFLICT (seller_id) DO UPDATE SET until = EXCLUDED.until, version = EXCLUDED.version
        WHERE payments.away_sellers.version < EXCLUDED.version`,
      [event.sellerId, event.until, event.version],
    );
  }

  /** The start of the seller's return date (UTC) when it is still ahead of `at`; null when they are not away then. */
  async returnAfter(manager: EntityManager, sellerId: string, at: Date): Promise<Date | null> {
    const [row] = (await manager.query(
      `SELECT (until::timestamp AT TIME ZONE 'UTC') AS back FROM payments.away_sellers
        WHERE seller_id = $1 AND until IS NOT NULL AND (until::timestamp AT TIME ZONE 'UTC') > $2`,
      [sellerId, at],
    )) as { back: Date }[];
    return row ? new Date(row.back) : null;
  }
}

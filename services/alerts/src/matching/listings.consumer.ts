import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  EVENTS,
  type ProductListedEvent,
  type ProductRelistedEvent,
  type ProductUpdatedEvent,
} from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';
import { ListingMatcher } from './listing-matcher';

/**
 * Keeps alerts' copy of each listing (what saved searches read, and whether it is on sale) from catalog's events, and
 * matches it against the saved searches when it goes on sale (listed, relisted) or is edited while on sale (a price
 * drop, a new title), so an item that now matches tells the search's owner. Removed (moderation's holds included)
 * and sold listings match nothing. Listings older than alerts' events (without their category and country) are not
 * matched: a saved search is about new listings.
 */
@Injectable()
export class ListingsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly matcher: ListingMatcher,
  ) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.catalog.productListed]: (event, manager) => this.listed(event, manager),
      [EVENTS.catalog.productUpdated]: (event, manager) => this.updated(event, manager),
      [EVENTS.catalog.productRelisted]: (event, manager) => this.relisted(event, manager),
      [EVENTS.catalog.productRemoved]: (event, manager) =>
        this.offSale(manager, event.productId, 'removed', event.version),
      [EVENTS.catalog.productSold]: (event, manager) => this.offSale(manager, event.productId, 'sold', event.version),
    });
  }

  async listed(event: ProductListedEvent, manager: EntityManager): Promise<void> {
    if (!event.category || !event.country || !event.condition) return;
    // A removal or sale that overtook the listing keeps its status (ON CONFLICT: that row stands).
    const inserted = (await manager.query(
      `INSERT INTO alerts.products (id, seller_id, title, description, category, country, condition, price, ships_from,
         status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'active')
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        event.productId,
        event.sellerId,
        event.title,
        event.description ?? '',
        event.category,
        event.country,
        event.condition,
        event.price,
        event.shipsFrom ?? null,
      ],
    )) as unknown[];
    if (inserted.length) await this.matcher.match(manager, event.productId);
  }

  async updated(event: ProductUpdatedEvent, manager: EntityManager): Promise<void> {
    const [, changed] = (await manager.query(
      `UPDATE alerts.products SET title = $3, price = $4, description = COALESCE($5, description),
         category = COALESCE($6, category), country = COALESCE($7, country), condition = COALESCE($8, condition),
         edit_version = $2
       WHERE id = $1 AND edit_version < $2 RETURNING id`,
      [
        event.productId,
        event.version,
        event.title,
        event.price,
        event.description ?? null,
        event.category ?? null,
        event.country ?? null,
        event.condition ?? null,
      ],
    )) as [unknown[], number];
    if (changed) await this.matcher.match(manager, event.productId);
  }

  async relisted(event: ProductRelistedEvent, manager: EntityManager): Promise<void> {
    const [, changed] = (await manager.query(
      `UPDATE alerts.products SET status = 'active', sale_version = $2
       WHERE id = $1 AND sale_version < $2 RETURNING id`,
      [event.productId, event.version],
    )) as [unknown[], number];
    if (changed) await this.matcher.match(manager, event.productId);
  }

  async offSale(manager: EntityManager, productId: string, status: 'removed' | 'sold', version = 0): Promise<void> {
    await manager.query(
      `UPDATE alerts.products SET status = $2, sale_version = GREATEST(sale_version, $3) WHERE id = $1
         AND sale_version <= $3`,
      [productId, status, version],
    );
  }
}

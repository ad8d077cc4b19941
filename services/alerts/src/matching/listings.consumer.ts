import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  EVENTS,
  type ListingScreenedEvent,
  type ProductListedEvent,
  type ProductRelistedEvent,
  type ProductReservationEndedEvent,
  type ProductReservedEvent,
  type ProductUpdatedEvent,
} from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';
import { ListingMatcher } from './listing-matcher';

/**
 * Keeps alerts' copy of each listing (what saved searches read, and whether it may be announced) from catalog's and
 * moderation's events, and matches it against the saved searches whenever it may have become announceable: listed,
 * screened by moderation's keyword check, relisted, edited while on sale (a price drop, a new title), or its
 * reservation ended. A listing is announced only while it is listed, screened, on sale and not reserved
 * (`ListingMatcher`), so an alert never names a removed, held, hidden or reserved item.
 *
 * Each subject has its own consumer, so the events of one listing may be applied in any order (a removal before the
 * listing, the screening before either): every handler upserts the listing's row first, which also makes two
 * handlers of the same listing take turns (the second waits for the first's commit, then reads what it wrote), and
 * versions keep the newest sale state, edit and reservation, so events of one subject are applied a few at a time. Listings older than alerts' events (without their
 * category and country) are not matched: a saved search is about new listings.
 */
/**
 * Events of one subject applied at the same time: no order is needed between them (each listing's row serialises its
 * own events, and versions keep the newest), and at 20 listings a second one after the other left no room for a
 * commit's wait or a slow statement on a busy machine.
 */
const LISTING_EVENTS_AT_ONCE = 4;

@Injectable()
export class ListingsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly matcher: ListingMatcher,
  ) {}

  onApplicationBootstrap() {
    return this.consumer.start(
      {
        [EVENTS.catalog.productListed]: (event, manager) => this.listed(event, manager),
        [EVENTS.catalog.productUpdated]: (event, manager) => this.updated(event, manager),
        [EVENTS.catalog.productRelisted]: (event, manager) => this.relisted(event, manager),
        [EVENTS.catalog.productRemoved]: (event, manager) =>
          this.offSale(manager, event.productId, 'removed', event.version),
        [EVENTS.catalog.productSold]: (event, manager) => this.offSale(manager, event.productId, 'sold', event.version),
        [EVENTS.catalog.productReserved]: (event, manager) => this.reserved(event, manager),
        [EVENTS.catalog.productReservationEnded]: (event, manager) => this.reservationEnded(event, manager),
        [EVENTS.moderation.listingScreened]: (event, manager) => this.screened(event, manager),
      },
      { concurrency: LISTING_EVENTS_AT_ONCE },
    );
  }

  async listed(event: ProductListedEvent, manager: EntityManager): Promise<void> {
    if (!event.category || !event.country || !event.condition) return;
    // An edit applied first keeps its newer content; a sale state applied first stands. A listing created held
    // (catalog's velocity check) is off sale from the start, whatever order its removal comes in.
    await manager.query(
      `INSERT INTO alerts.products AS p (id, seller_id, title, description, category, country, condition, price,
         ships_from, status, listed)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $10 THEN 'removed' ELSE 'active' END, true)
       ON CONFLICT (id) DO UPDATE SET
         seller_id = EXCLUDED.seller_id, ships_from = EXCLUDED.ships_from, listed = true,
         title = COALESCE(p.title, EXCLUDED.title), description = COALESCE(p.description, EXCLUDED.description),
         category = COALESCE(p.category, EXCLUDED.category), country = COALESCE(p.country, EXCLUDED.country),
         condition = COALESCE(p.condition, EXCLUDED.condition), price = COALESCE(p.price, EXCLUDED.price),
         status = CASE WHEN $10 AND p.sale_version = 0 THEN 'removed' ELSE p.status END`,
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
        event.held === true,
      ],
    );
    await this.matcher.match(manager, event.productId);
  }

  /** moderation's keyword check answered: a held listing is off sale (catalog's removal follows), a clear one matches. */
  async screened(event: ListingScreenedEvent, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO alerts.products AS p (id, status, screened) VALUES ($1, CASE WHEN $2 THEN 'removed' ELSE 'active' END, true)
       ON CONFLICT (id) DO UPDATE SET screened = true,
         status = CASE WHEN $2 AND p.sale_version = 0 THEN 'removed' ELSE p.status END`,
      [event.productId, event.held],
    );
    if (!event.held) await this.matcher.match(manager, event.productId);
  }

  /**
   * An edit, with the reservation as it stood then (newer events carry it): a reservation made just before the edit
   * counts even when its own event comes after this one.
   */
  async updated(event: ProductUpdatedEvent, manager: EntityManager): Promise<void> {
    const changed = (await manager.query(
      `INSERT INTO alerts.products AS p (id, seller_id, title, price, description, category, country, condition,
         edit_version, reservation_version, reserved_until, reserved_sale_version)
       VALUES ($1, $9, $3, $4, $5, $6, $7, $8, $2, COALESCE($10::int, 0), $11::timestamptz, $12::int)
       ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, price = EXCLUDED.price,
         description = COALESCE(EXCLUDED.description, p.description), category = COALESCE(EXCLUDED.category, p.category),
         country = COALESCE(EXCLUDED.country, p.country), condition = COALESCE(EXCLUDED.condition, p.condition),
         seller_id = COALESCE(p.seller_id, EXCLUDED.seller_id), edit_version = EXCLUDED.edit_version,
         reserved_until = CASE WHEN $10::int > p.reservation_version THEN $11::timestamptz ELSE p.reserved_until END,
         reserved_sale_version =
           CASE WHEN $10::int > p.reservation_version THEN $12::int ELSE p.reserved_sale_version END,
         reservation_version = GREATEST(p.reservation_version, COALESCE($10::int, 0))
       WHERE p.edit_version < EXCLUDED.edit_version
       RETURNING id`,
      [
        event.productId,
        event.version,
        event.title,
        event.price,
        event.description ?? null,
        event.category ?? null,
        event.country ?? null,
        event.condition ?? null,
        event.sellerId,
        event.reservationVersion ?? null,
        event.reservedUntil ?? null,
        event.saleVersion ?? null,
      ],
    )) as unknown[];
    if (changed.length) await this.matcher.match(manager, event.productId);
  }

  async relisted(event: ProductRelistedEvent, manager: EntityManager): Promise<void> {
    const changed = await this.saleState(manager, event.productId, 'active', event.version, false);
    if (changed) await this.matcher.match(manager, event.productId);
  }

  async offSale(manager: EntityManager, productId: string, status: 'removed' | 'sold', version = 0): Promise<void> {
    await this.saleState(manager, productId, status, version, true);
  }

  /** The newest sale state wins; an off-sale event without a version (older events) applies over version 0 too. */
  private async saleState(
    manager: EntityManager,
    productId: string,
    status: 'active' | 'removed' | 'sold',
    version: number,
    orEqual: boolean,
  ): Promise<boolean> {
    const rows = (await manager.query(
      `INSERT INTO alerts.products AS p (id, status, sale_version) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, sale_version = EXCLUDED.sale_version
       WHERE p.sale_version < EXCLUDED.sale_version OR ($4 AND p.sale_version = EXCLUDED.sale_version)
       RETURNING id`,
      [productId, status, version, orEqual],
    )) as unknown[];
    return rows.length > 0;
  }

  /** Reserved for one buyer: announced to nobody while the reservation lasts under the sale version it was made in. */
  async reserved(event: ProductReservedEvent, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO alerts.products AS p (id, reserved_until, reserved_sale_version, reservation_version)
       VALUES ($1, $2, COALESCE($3, 0), $4)
       ON CONFLICT (id) DO UPDATE SET reserved_until = EXCLUDED.reserved_until,
         reserved_sale_version = COALESCE($3, p.sale_version), reservation_version = EXCLUDED.reservation_version
       WHERE p.reservation_version < EXCLUDED.reservation_version`,
      [event.productId, event.reservedUntil, event.saleVersion ?? null, event.version],
    );
  }

  /** The reservation ended (lifted, expired, a block, the buyer left): on sale to everyone again. */
  async reservationEnded(event: ProductReservationEndedEvent, manager: EntityManager): Promise<void> {
    const changed = (await manager.query(
      `INSERT INTO alerts.products AS p (id, reservation_version) VALUES ($1, $2)
       ON CONFLICT (id) DO UPDATE SET reserved_until = NULL, reserved_sale_version = NULL,
         reservation_version = EXCLUDED.reservation_version
       WHERE p.reservation_version < EXCLUDED.reservation_version
       RETURNING id`,
      [event.productId, event.version],
    )) as unknown[];
    if (changed.length) await this.matcher.match(manager, event.productId);
  }
}

import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isoMicros, PreparedStatement } from '@souvenir/platform';
import type { EntityManager, Repository } from 'typeorm';
import { CARD_SHAPE } from '../product-cards/card-shape';
import type { FavouriteKey } from './favourite-cursor';
import { FavouriteEntity } from './favourite.entity';

/**
 * A favourite with its product's card and seller; the card's and the seller's columns are null while not stored. The
 * card is its stored JSON text (a ProductCard), not parsed: the answer carries it as it is.
 */
export interface FavouriteRow {
  product_id: string;
  favourited_at: string;
  card: string | null;
  card_shape: string | null;
  seller_id: string | null;
  seller_first_name: string | null;
  seller_last_name: string | null;
  seller_avatar: string | null;
  seller_is_verified: boolean | null;
  seller_rating_average: number | null;
  seller_rating_count: number | null;
}

/** A row whose card and seller are stored (the seller's columns are NOT NULL once its row exists). */
export type StoredFavouriteRow = FavouriteRow & {
  card: string;
  seller_id: string;
  seller_first_name: string;
  seller_last_name: string;
  seller_is_verified: boolean;
  seller_rating_count: number;
};

/** What a user's add or remove changes of a favourite. */
export type FavouriteState = Omit<FavouriteEntity, 'heldBySale'>;

/** Whether the row's product card (and its seller) are stored, in the shape ProductDto has now. */
export function hasCard(row: FavouriteRow): row is StoredFavouriteRow {
  return row.card !== null && row.card_shape === CARD_SHAPE && row.seller_id !== null;
}

// A page of a user's active favourites with their products, newest first: a range of favourites_user_active_idx
// (user_id, favourited_at DESC, product_id DESC) WHERE is_active, each row joined to its card and the card's seller
// by primary key. The first page and the pages after a cursor are two statements, so each keeps a plan that starts
// at the right place in the index (one statement with "$2 IS NULL OR (…) < (…)" would leave the generic plan to
// filter the user's whole list from its start on every page). The card comes as text (json's own text, as
// ProductCardsRepository wrote it with JSON.stringify): the page carries it as it is instead of parsing every card and
// writing it to JSON again, which was most of a page's CPU here.
const PAGE_SQL = `SELECT f.product_id, ${isoMicros('f.favourited_at')} AS favourited_at, c.card::text AS card, c.card_shape,
      s.id AS seller_id, s.first_name AS seller_first_name, s.last_name AS seller_last_name, s.avatar AS seller_avatar,
      s.is_verified AS seller_is_verified, s.rating_average::float8 AS seller_rating_average,
      s.rating_count AS seller_rating_count
    FROM favourites.favourites f
    LEFT JOIN favourites.product_cards c ON c.product_id = f.product_id
    LEFT JOIN favourites.sellers s ON s.id = c.seller_id
    WHERE f.user_id = $1 AND f.is_active`;
const PAGE_ORDER = 'ORDER BY f.favourited_at DESC, f.product_id DESC LIMIT $2';
const FIRST_PAGE = new PreparedStatement<FavouriteRow>('favourites.first-page', `${PAGE_SQL} ${PAGE_ORDER}`);
const PAGE_AFTER = new PreparedStatement<FavouriteRow>(
  'favourites.page-after',
  `${PAGE_SQL} AND (f.favourited_at, f.product_id) < ($3::timestamptz, $4::uuid) ${PAGE_ORDER}`,
);

const ACTIVE_AMONG = new PreparedStatement<{ product_id: string }>(
  'favourites.active-among',
  `SELECT product_id FROM favourites.favourites WHERE user_id = $1 AND product_id = ANY($2::uuid[]) AND is_active`,
);

@Injectable()
export class FavouritesRepository {
  constructor(@InjectRepository(FavouriteEntity) private readonly favourites: Repository<FavouriteEntity>) {}

  /** Writes a favourite's new state (inserted or updated by its primary key; a sale's hold is the events' to change). */
  async save(manager: EntityManager, favourite: FavouriteState): Promise<void> {
    await manager.getRepository(FavouriteEntity).save(favourite);
  }

  /** Locks the pair's row (if any) for a state change. */
  findForUpdate(manager: EntityManager, userId: string, productId: string): Promise<FavouriteEntity | null> {
    return manager
      .getRepository(FavouriteEntity)
      .findOne({ where: { userId, productId }, lock: { mode: 'pessimistic_write' } });
  }

  // The two reads below run on every product list and product page of a signed-in user: prepared statements, because
  // TypeORM's query building and hydration, and then Postgres's planning, cost more than the index lookups themselves.

  /** Up to `limit` active favourites newest first, after `after` when given, with their cards where stored. */
  activePage(userId: string, limit: number, after: FavouriteKey | null): Promise<FavouriteRow[]> {
    const dataSource = this.favourites.manager.dataSource;
    return after
      ? PAGE_AFTER.run(dataSource, [userId, limit, after.favouritedAt, after.productId])
      : FIRST_PAGE.run(dataSource, [userId, limit]);
  }

  /** Which of `productIds` the user has favourited (primary key lookups). */
  async activeAmong(userId: string, productIds: string[]): Promise<string[]> {
    if (!productIds.length) return [];
    const rows = await ACTIVE_AMONG.run(this.favourites.manager.dataSource, [userId, productIds]);
    return rows.map((r) => r.product_id);
  }

  /** A removed or sold product leaves every list. */
  /** Every active favourite of the product becomes inactive; `held` (a sale) keeps them for a relisting. */
  /** Active favouriters of a product after `after`, ascending (favourites_product_users_idx). */
  async favouritersOf(productId: string, after: string | null, limit: number): Promise<string[]> {
    const rows: { user_id: string }[] = await this.favourites.query(
      `SELECT user_id FROM favourites.favourites
        WHERE product_id = $1 AND is_active AND ($2::uuid IS NULL OR user_id > $2::uuid)
        ORDER BY user_id LIMIT $3`,
      [productId, after, limit],
    );
    return rows.map((r) => r.user_id);
  }

  async deactivateProduct(manager: EntityManager, productId: string, held: boolean): Promise<void> {
    await manager
      .getRepository(FavouriteEntity)
      .update({ productId, isActive: true }, { isActive: false, heldBySale: held, version: () => 'version + 1' });
    if (!held)
      await manager.getRepository(FavouriteEntity).update({ productId, heldBySale: true }, { heldBySale: false });
  }

  /**
   * Records `version` as the product's newest sale or relisting; false when a newer (or the same) one was applied
   * already, so the caller skips a late event.
   */
  async advanceSaleVersion(manager: EntityManager, productId: string, version: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO favourites.product_sales AS s (product_id, version) VALUES ($1, $2)
       ON CONFLICT (product_id) DO UPDATE SET version = excluded.version WHERE s.version < excluded.version
       RETURNING 1`,
      [productId, version],
    );
    return rows.length > 0;
  }

  /** The favourites a sale held are active again (their product is back on sale). */
  async reactivateHeld(manager: EntityManager, productId: string): Promise<void> {
    await manager
      .getRepository(FavouriteEntity)
      .update({ productId, heldBySale: true }, { isActive: true, heldBySale: false, version: () => 'version + 1' });
  }
}

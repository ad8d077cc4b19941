import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isoMicros, PreparedStatement } from '@souvenir/platform';
import type { EntityManager, Repository } from 'typeorm';
import type { FavouriteKey } from './favourite-cursor';
import { FavouriteEntity } from './favourite.entity';

type KeyRow = { product_id: string; favourited_at: string };

// A page of a user's active favourites, newest first: a range of favourites_user_active_idx (user_id, favourited_at
// DESC, product_id DESC) WHERE is_active. The first page and the pages after a cursor are two statements, so each
// keeps a plan that starts at the right place in the index (one statement with "$2 IS NULL OR (…) < (…)" would
// leave the generic plan to filter the user's whole list from its start on every page).
const FIRST_PAGE_SQL = `SELECT product_id, ${isoMicros('favourited_at')} AS favourited_at
    FROM favourites.favourites WHERE user_id = $1 AND is_active`;
const FIRST_PAGE = new PreparedStatement<KeyRow>('favourites.active-first-page',
  `${FIRST_PAGE_SQL} ORDER BY favourited_at DESC, product_id DESC LIMIT $2`);
const PAGE_AFTER = new PreparedStatement<KeyRow>('favourites.active-page-after',
  `${FIRST_PAGE_SQL} AND (favourited_at, product_id) < ($3::timestamptz, $4::uuid)
    ORDER BY favourited_at DESC, product_id DESC LIMIT $2`);

const ACTIVE_AMONG = new PreparedStatement<{ product_id: string }>('favourites.active-among',
  `SELECT product_id FROM favourites.favourites WHERE user_id = $1 AND product_id = ANY($2::uuid[]) AND is_active`);

@Injectable()
export class FavouritesRepository {
  constructor(@InjectRepository(FavouriteEntity) private readonly favourites: Repository<FavouriteEntity>) {}

  /** Locks the pair's row (if any) for a state change. */
  findForUpdate(manager: EntityManager, userId: string, productId: string): Promise<FavouriteEntity | null> {
    return manager.getRepository(FavouriteEntity).findOne({ where: { userId, productId }, lock: { mode: 'pessimistic_write' } });
  }

  // The two reads below run on every product list and product page of a signed-in user: prepared statements, because
  // TypeORM's query building and hydration, and then Postgres's planning, cost more than the index lookups themselves.

  /** Up to `limit` active favourites newest first, after `after` when given, each with its key. */
  async activePage(userId: string, limit: number, after: FavouriteKey | null): Promise<{ productId: string; key: FavouriteKey }[]> {
    const dataSource = this.favourites.manager.dataSource;
    const rows = after
      ? await PAGE_AFTER.run(dataSource, [userId, limit, after.favouritedAt, after.productId])
      : await FIRST_PAGE.run(dataSource, [userId, limit]);
    return rows.map((r) => ({ productId: r.product_id, key: { favouritedAt: r.favourited_at, productId: r.product_id } }));
  }

  /** Which of `productIds` the user has favourited (primary key lookups). */
  async activeAmong(userId: string, productIds: string[]): Promise<string[]> {
    if (!productIds.length) return [];
    const rows = await ACTIVE_AMONG.run(this.favourites.manager.dataSource, [userId, productIds]);
    return rows.map((r) => r.product_id);
  }

  /** A removed or sold product leaves every list. */
  async deactivateProduct(manager: EntityManager, productId: string): Promise<void> {
    await manager.getRepository(FavouriteEntity).update({ productId, isActive: true }, { isActive: false, version: () => 'version + 1' });
  }
}

import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { PreparedStatement } from '@souvenir/platform';
import type { EntityManager, Repository } from 'typeorm';
import { FavouriteEntity } from './favourite.entity';

const ACTIVE_PRODUCT_IDS = new PreparedStatement<{ product_id: string }>('favourites.active-product-ids',
  `SELECT product_id FROM favourites.favourites WHERE user_id = $1 AND is_active
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

  /** Active favourites newest first; served by favourites_user_active_idx. */
  async activeProductIds(userId: string, limit = 500): Promise<string[]> {
    const rows = await ACTIVE_PRODUCT_IDS.run(this.favourites.manager.dataSource, [userId, limit]);
    return rows.map((r) => r.product_id);
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

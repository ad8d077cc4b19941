import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type EntityManager, type Repository } from 'typeorm';
import { FavouriteEntity } from './favourite.entity';

@Injectable()
export class FavouritesRepository {
  constructor(@InjectRepository(FavouriteEntity) private readonly favourites: Repository<FavouriteEntity>) {}

  /** Locks the pair's row (if any) for a state change. */
  findForUpdate(manager: EntityManager, userId: string, productId: string): Promise<FavouriteEntity | null> {
    return manager.getRepository(FavouriteEntity).findOne({ where: { userId, productId }, lock: { mode: 'pessimistic_write' } });
  }

  /** Active favourites newest first; served by favourites_user_active_idx. */
  async activeProductIds(userId: string, limit = 500): Promise<string[]> {
    const rows = await this.favourites.find({
      select: { productId: true },
      where: { userId, isActive: true },
      order: { favouritedAt: 'DESC', productId: 'DESC' },
      take: limit,
    });
    return rows.map((r) => r.productId);
  }

  async activeAmong(userId: string, productIds: string[]): Promise<string[]> {
    if (!productIds.length) return [];
    const rows = await this.favourites.find({ select: { productId: true }, where: { userId, isActive: true, productId: In(productIds) } });
    return rows.map((r) => r.productId);
  }

  /** A removed or sold product leaves every list. */
  async deactivateProduct(manager: EntityManager, productId: string): Promise<void> {
    await manager.getRepository(FavouriteEntity).update({ productId, isActive: true }, { isActive: false, version: () => 'version + 1' });
  }
}

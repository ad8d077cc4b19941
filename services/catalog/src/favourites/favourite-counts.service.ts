import { Injectable } from '@nestjs/common';
import type { FavouriteChangedEvent } from '@souvenir/contracts';
import type { EntityManager } from 'typeorm';
import { ProductEntity } from '../products/product.entity';
import { FavouriteStateEntity } from './favourite-state.entity';

/** Keeps `products.favorite_count` (what Most Popular orders by) from favourites' events. */
@Injectable()
export class FavouriteCountsService {
  /** Applies an event only if it is newer than what is known for its pair; the count moves by the change. */
  async apply(event: FavouriteChangedEvent, manager: EntityManager): Promise<void> {
    const states = manager.getRepository(FavouriteStateEntity);
    // A placeholder row to lock: concurrent consumers of the added and removed subjects serialise on it.
    await states
      .createQueryBuilder()
      .insert()
      .values({ userId: event.userId, productId: event.productId, favourited: false, version: 0 })
      .orIgnore()
      .execute();
    const known = await states.findOneOrFail({
      where: { userId: event.userId, productId: event.productId },
      lock: { mode: 'pessimistic_write' },
    });
    if (known.version >= event.version) return;
    const delta = Number(event.favourited) - Number(known.favourited);
    await states.update(
      { userId: event.userId, productId: event.productId },
      { favourited: event.favourited, version: event.version },
    );
    if (delta !== 0) {
      await manager
        .getRepository(ProductEntity)
        .createQueryBuilder()
        .update()
        .set({ favoriteCount: () => `GREATEST(favorite_count + ${delta}, 0)` })
        .where('id = :id', { id: event.productId })
        .execute();
    }
  }
}

import { Injectable } from '@nestjs/common';
import type { FavouriteChangedEvent } from '@souvenir/contracts';
import type { EntityManager } from 'typeorm';
import { FavouriteStateEntity } from './favourite-state.entity';

type Pair = Pick<FavouriteChangedEvent, 'userId' | 'productId'>;

/** The one owner of catalog.favourite_states: the last known state of each (user, product) favourite. */
@Injectable()
export class FavouriteStatesRepository {
  /**
   * The pair's known state, locked until the caller's transaction ends. A placeholder row (not favourited,
   * version 0) is inserted first when there is none, so concurrent consumers of the added and removed subjects
   * serialise on it.
   */
  async lock(manager: EntityManager, pair: Pair): Promise<FavouriteStateEntity> {
    const states = manager.getRepository(FavouriteStateEntity);
    await states
      .createQueryBuilder()
      .insert()
      .values({ userId: pair.userId, productId: pair.productId, favourited: false, version: 0 })
      .orIgnore()
      .execute();
    return states.findOneOrFail({
      where: { userId: pair.userId, productId: pair.productId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  async save(manager: EntityManager, pair: Pair, state: { favourited: boolean; version: number }): Promise<void> {
    await manager
      .getRepository(FavouriteStateEntity)
      .update(
        { userId: pair.userId, productId: pair.productId },
        { favourited: state.favourited, version: state.version },
      );
  }
}

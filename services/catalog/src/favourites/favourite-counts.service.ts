import { Injectable } from '@nestjs/common';
import type { FavouriteChangedEvent } from '@souvenir/contracts';
import type { EntityManager } from 'typeorm';
import { ProductsRepository } from '../products/products.repository';
import { FavouriteStatesRepository } from './favourite-states.repository';

/** Keeps `products.favorite_count` (what Most Popular orders by) from favourites' events. */
@Injectable()
export class FavouriteCountsService {
  constructor(
    private readonly states: FavouriteStatesRepository,
    private readonly products: ProductsRepository,
  ) {}

  /** Applies an event only if it is newer than what is known for its pair; the count moves by the change. */
  async apply(event: FavouriteChangedEvent, manager: EntityManager): Promise<void> {
    const known = await this.states.lock(manager, event);
    if (known.version >= event.version) return;
    const delta = Number(event.favourited) - Number(known.favourited);
    await this.states.save(manager, event, { favourited: event.favourited, version: event.version });
    if (delta !== 0) await this.products.addToFavouriteCount(manager, event.productId, delta);
  }
}

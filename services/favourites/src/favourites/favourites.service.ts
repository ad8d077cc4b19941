import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ErrorCode, EVENTS, RPC, type AddFavouriteRequest, type Done, type FavouriteIdsRequest, type FavouritedAmongRequest,
  type FavouriteIdsPage, type RemoveFavouriteRequest,
} from '@souvenir/contracts';
import { DomainError, Outbox, RpcClient } from '@souvenir/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { decodeFavouriteCursor, encodeFavouriteCursor } from './favourite-cursor';
import { FavouriteEntity } from './favourite.entity';
import { FavouritesRepository } from './favourites.repository';

const DONE: Done = { ok: true };

@Injectable()
export class FavouritesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly favourites: FavouritesRepository,
    private readonly outbox: Outbox,
    private readonly rpc: RpcClient,
  ) {}

  async add({ actorId, productId }: AddFavouriteRequest): Promise<Done> {
    const product = await this.rpc.send(RPC.catalog.getProduct, { productId });
    if (product.status !== 'active') throw new DomainError(ErrorCode.NotFound, 'Product not found');
    await this.dataSource.transaction(async (manager) => {
      const row = await this.favourites.findForUpdate(manager, actorId, productId);
      if (row?.isActive) return; // already favourited: idempotent
      const next = manager.create(FavouriteEntity, {
        userId: actorId, productId, isActive: true, version: (row?.version ?? 0) + 1, favouritedAt: new Date(),
      });
      await manager.save(next);
      await this.publish(manager, next);
    });
    return DONE;
  }

  async remove({ actorId, productId }: RemoveFavouriteRequest): Promise<Done> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.favourites.findForUpdate(manager, actorId, productId);
      if (!row?.isActive) return;
      row.isActive = false;
      row.version += 1;
      await manager.save(row);
      await this.publish(manager, row);
    });
    return DONE;
  }

  /**
   * One page of favourites, newest first. The gateway asks catalog for the products, so they never pass through
   * this service. One row more than the page is read to know whether another page follows.
   */
  async ids({ actorId, limit, cursor }: FavouriteIdsRequest): Promise<FavouriteIdsPage> {
    const after = cursor === undefined ? null : decodeFavouriteCursor(cursor);
    const rows = await this.favourites.activePage(actorId, limit + 1, after);
    const page = rows.slice(0, limit);
    return {
      productIds: page.map((row) => row.productId),
      nextCursor: rows.length > limit ? encodeFavouriteCursor(page[page.length - 1].key) : null,
    };
  }

  favouritedAmong({ actorId, productIds }: FavouritedAmongRequest): Promise<string[]> {
    return this.favourites.activeAmong(actorId, productIds);
  }

  /** A removed or sold product leaves every favourites list (consumer of catalog's events). */
  async productGone(productId: string, manager: EntityManager): Promise<void> {
    await this.favourites.deactivateProduct(manager, productId);
  }

  private async publish(manager: EntityManager, row: FavouriteEntity) {
    const event = { userId: row.userId, productId: row.productId, favourited: row.isActive, version: row.version, occurredAt: new Date().toISOString() };
    await this.outbox.add(manager, row.isActive ? EVENTS.favourites.favouriteAdded : EVENTS.favourites.favouriteRemoved, event);
  }
}

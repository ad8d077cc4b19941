import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ErrorCode,
  EVENTS,
  RPC,
  type AddFavouriteRequest,
  type Done,
  type FavouritedAmongRequest,
  type FavouritesPage,
  type ListFavouritesRequest,
  type ListFavouritersRequest,
  type OriginLevel,
  type RemoveFavouriteRequest,
  type RatingChangedEvent,
  type UserProfileChangedEvent,
} from '@souvenir/contracts';
import { DomainError, fillOnMiss, Outbox, RpcClient, type SerialisedJson } from '@souvenir/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { ProductCardsRepository } from '../product-cards/product-cards.repository';
import { decodeFavouriteCursor, encodeFavouriteCursor, type FavouriteKey } from './favourite-cursor';
import {
  favouritesPageJson,
  storedFavouritedProductJson,
  toFavouriteChangedEvent,
  toFavouritedProduct,
} from './favourite.mapper';
import { FavouritesRepository, hasCard, type FavouriteRow, type FavouriteState } from './favourites.repository';

const DONE: Done = { ok: true };

/** How many pages of only gone products one request reads past before it answers an empty page with a cursor. */
const MAX_EMPTY_PAGES_SKIPPED = 3;

@Injectable()
export class FavouritesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly favourites: FavouritesRepository,
    private readonly cards: ProductCardsRepository,
    private readonly outbox: Outbox,
    private readonly rpc: RpcClient,
  ) {}

  async add({ actorId, productId }: AddFavouriteRequest): Promise<Done> {
    const product = await this.rpc.send(RPC.catalog.getProduct, { productId });
    if (product.status !== 'active') throw new DomainError(ErrorCode.NotFound, 'Product not found');
    await this.dataSource.transaction(async (manager) => {
      // The product as it is now is the card the Favorites tab shows (unless an earlier card is stored).
      await this.cards.storeIfMissing([product], manager);
      const row = await this.favourites.findForUpdate(manager, actorId, productId);
      if (row?.isActive) return; // already favourited: idempotent
      const next: FavouriteState = {
        userId: actorId,
        productId,
        isActive: true,
        version: (row?.version ?? 0) + 1,
        favouritedAt: new Date(),
      };
      await this.favourites.save(manager, next);
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
      await this.favourites.save(manager, row);
      await this.publish(manager, row);
    });
    return DONE;
  }

  /**
   * One page of favourites as products, newest first, from the read model: one statement. One row more than the
   * page is read to know whether another page follows. A favourite whose card is not stored yet (favourited before
   * the read model existed) is filled from catalog once (a sold one shows as sold until its event ends the
   * favourite); one catalog no longer answers (removed, the event still on its way) is left out. A page is only
   * empty when it is the last: one whose products are all gone is followed by the next (a few times at most), since
   * an empty page would read as the end of the list. The page is answered in JSON made from the cards' stored text.
   */
  async list({ actorId, limit, cursor }: ListFavouritesRequest): Promise<SerialisedJson<FavouritesPage>> {
    let after = cursor === undefined ? null : decodeFavouriteCursor(cursor);
    for (let skipped = 0; ; skipped += 1) {
      const rows = await this.favourites.activePage(actorId, limit + 1, after);
      const page = rows.slice(0, limit);
      after = page.length ? keyOf(page[page.length - 1]) : null;
      const nextCursor = rows.length > limit && after ? encodeFavouriteCursor(after) : null;
      const products = await this.productsOf(page);
      if (products.length || !nextCursor || skipped === MAX_EMPTY_PAGES_SKIPPED)
        return favouritesPageJson(nextCursor, products);
    }
  }

  /** The JSON of the page's products in its order, filling the cards not stored yet with one catalog call. */
  private async productsOf(page: FavouriteRow[]): Promise<string[]> {
    const { rows: products } = await fillOnMiss(
      page.map((row) => row.product_id),
      {
        held: () => page.filter(hasCard).map((row) => ({ id: row.product_id, json: storedFavouritedProductJson(row) })),
        ask: (productIds) => this.rpc.send(RPC.catalog.getProductsByIds, { productIds }),
        store: async (fetched) => {
          await this.cards.storeIfMissing(fetched);
          return fetched.map((product) => ({ id: product.id, json: JSON.stringify(toFavouritedProduct(product)) }));
        },
      },
    );
    return page.flatMap((row) => products.get(row.product_id)?.json ?? []);
  }

  listFavouriters(request: ListFavouritersRequest): Promise<string[]> {
    return this.favourites.favouritersOf(request.productId, request.after ?? null, request.limit);
  }

  /**
   * An edit reaches the product's stored card (consumer of catalog's updated event): the card is dropped, and the
   * next read of a Favorites tab fetches and stores it again, as catalog shows it after the edit.
   */
  productUpdated(productId: string, manager: EntityManager): Promise<void> {
    return this.cards.deleteCard(manager, productId);
  }

  favouritedAmong({ actorId, productIds }: FavouritedAmongRequest): Promise<string[]> {
    return this.favourites.activeAmong(actorId, productIds);
  }

  /**
   * A removed or sold product leaves every favourites list (consumer of catalog's events). A sale's favourites are held:
   * catalog still counts them (no favourite event is published), and a relisting gives them back.
   */
  async productGone(
    productId: string,
    manager: EntityManager,
    reason: 'removed' | 'sold' = 'removed',
    saleVersion?: number,
  ): Promise<void> {
    // A sale older than a relisting already applied (the two events come through different consumers) is over.
    if (saleVersion !== undefined && !(await this.favourites.advanceSaleVersion(manager, productId, saleVersion)))
      return;
    await this.favourites.deactivateProduct(manager, productId, reason === 'sold');
    await this.cards.deleteCard(manager, productId);
  }

  /** A sold product back on sale: its held favourites are back in their lists (the card is fetched again when shown). */
  async productRelisted(productId: string, saleVersion: number, manager: EntityManager): Promise<void> {
    if (await this.favourites.advanceSaleVersion(manager, productId, saleVersion))
      await this.favourites.reactivateHeld(manager, productId);
  }

  /**
   * Support's decision on a product's documents reaches its stored card (consumer of catalog's origin-changed): the
   * Favorites tab shows Checked, or no longer Documented. No card stored: the next catalog read stores the new level.
   */
  productOriginChanged(productId: string, originLevel: OriginLevel | null, manager: EntityManager): Promise<void> {
    return this.cards.applyOriginLevel(manager, productId, originLevel);
  }

  /** A seller's new name, avatar or badge reaches the cards of their products (consumer of identity's events). */
  applySellerProfile(event: UserProfileChangedEvent, manager: EntityManager): Promise<void> {
    return this.cards.applyProfile(manager, event);
  }

  /**
   * reviews' rating of a seller, newest version wins. Every user reaches the read model through identity's registered
   * event; a rating that comes first fails and is redelivered until the profile is there.
   */
  async applySellerRating(event: RatingChangedEvent, manager: EntityManager): Promise<void> {
    if (!(await this.cards.applyRating(manager, event))) {
      throw new Error(`rating of user ${event.userId} before their profile: retried later`);
    }
  }

  /**
   * An account deletion: each active favourite ends as if removed (its event keeps catalog's counts right), then
   * every row of the person goes; their sellers' row reads "Deleted user" for everyone else's cards.
   */
  async eraseUser(userId: string, manager: EntityManager): Promise<void> {
    const active = await manager.query<{ product_id: string }[]>(
      `SELECT product_id FROM favourites.favourites WHERE user_id = $1 AND is_active ORDER BY product_id FOR UPDATE`,
      [userId],
    );
    for (const { product_id: productId } of active) {
      const row = await this.favourites.findForUpdate(manager, userId, productId);
      if (!row?.isActive) continue;
      row.isActive = false;
      row.version += 1;
      await this.publish(manager, row);
    }
    await manager.query(`DELETE FROM favourites.favourites WHERE user_id = $1`, [userId]);
    await this.cards.eraseSeller(manager, userId);
  }

  private async publish(manager: EntityManager, row: FavouriteState) {
    await this.outbox.add(
      manager,
      row.isActive ? EVENTS.favourites.favouriteAdded : EVENTS.favourites.favouriteRemoved,
      toFavouriteChangedEvent(row),
    );
  }
}

function keyOf(row: FavouriteRow): FavouriteKey {
  return { favouritedAt: row.favourited_at, productId: row.product_id };
}

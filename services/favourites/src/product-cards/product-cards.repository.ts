import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type OriginLevel,
  type ProductDto,
  type RatingChangedEvent,
  type UserProfileChangedEvent,
  DELETED_USER_VERSION,
} from '@souvenir/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { CARD_SHAPE } from './card-shape';
import type { ProductCard } from './product-card.entity';

/**
 * Writes of the read model (product_cards and sellers); the Favorites tab reads it in FavouritesRepository. Every card
 * is written by JSON.stringify: the Favorites tab answers a card's stored text as it is (storedFavouritedProductJson).
 */
@Injectable()
export class ProductCardsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Keeps the cards of products as catalog answered them, each with its seller at version 0 (its rating at rating
   * version 0, so reviews' next event replaces it): a seller already stored (an event got there first) is left as
   * it is, and so is a card of the current shape; a card of an older shape is replaced. Rows go in product id
   * order, so two pages filling the same cards at once wait for each other instead of deadlocking.
   */
  async storeIfMissing(products: ProductDto[], manager: EntityManager = this.dataSource.manager): Promise<void> {
    if (!products.length) return;
    const sorted = [...products].sort(byId);
    const sellers = [...new Map(sorted.map((p) => [p.seller.id, p.seller])).values()].sort(byId);
    await manager.query(
      `INSERT INTO favourites.sellers (id, first_name, last_name, avatar, is_verified, rating_average, rating_count, version)
       SELECT *, 0 FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::boolean[], $6::numeric[], $7::int[])
       ON CONFLICT (id) DO NOTHING`,
      [
        sellers.map((s) => s.id),
        sellers.map((s) => s.firstName),
        sellers.map((s) => s.lastName),
        sellers.map((s) => s.avatar),
        sellers.map((s) => s.isVerified),
        sellers.map((s) => s.rating?.average ?? null),
        sellers.map((s) => s.rating?.count ?? 0),
      ],
    );
    await manager.query(
      `INSERT INTO favourites.product_cards (product_id, seller_id, card, card_shape)
       SELECT *, $4 FROM unnest($1::uuid[], $2::uuid[], $3::json[])
       ON CONFLICT (product_id) DO UPDATE SET card = EXCLUDED.card, card_shape = EXCLUDED.card_shape, stored_at = now()
        WHERE favourites.product_cards.card_shape <> EXCLUDED.card_shape`,
      [
        sorted.map((p) => p.id),
        sorted.map((p) => p.seller.id),
        sorted.map((p) => JSON.stringify(toCard(p))),
        CARD_SHAPE,
      ],
    );
  }

  /**
   * Stores a seller's profile unless the stored one is as new or newer: replayed and reordered events change
   * nothing. One statement, so two deliveries racing each other cannot both win.
   */
  async applyProfile(manager: EntityManager, event: UserProfileChangedEvent): Promise<void> {
    await manager.query(
      `INSERT INTO favourites.sellers (id, first_name, last_name, avatar, is_verified, version)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
         avatar = EXCLUDED.avatar, is_verified = EXCLUDED.is_verified, version = EXCLUDED.version, updated_at = now()
       WHERE favourites.sellers.version < EXCLUDED.version`,
      [event.userId, event.firstName, event.lastName, event.avatar ?? null, event.isVerified, event.version],
    );
  }

  /** A deleted account, at a version no profile event reaches, so a late one cannot bring the name back. */
  async eraseSeller(manager: EntityManager, id: string): Promise<void> {
    await manager.query(
      `INSERT INTO favourites.sellers (id, first_name, last_name, avatar, is_verified, version)
       VALUES ($1, 'Deleted', 'user', NULL, false, $2)
       ON CONFLICT (id) DO UPDATE SET first_name = 'Deleted', last_name = 'user', avatar = NULL, is_verified = false,
         version = $2, updated_at = now()`,
      [id, DELETED_USER_VERSION],
    );
  }

  /**
   * Stores reviews' rating of a seller unless the stored one is as new or newer. Answers false when the read model
   * does not hold the user yet (identity's registered event on its way).
   */
  async applyRating(manager: EntityManager, event: RatingChangedEvent): Promise<boolean> {
    const [, updated] = (await manager.query(
      `UPDATE favourites.sellers SET rating_average = $2, rating_count = $3, rating_version = $4, updated_at = now()
        WHERE id = $1 AND rating_version < $4`,
      [event.userId, event.average, event.count, event.version],
    )) as [unknown, number];
    if (updated > 0) return true;
    const held = (await manager.query(`SELECT 1 FROM favourites.sellers WHERE id = $1`, [event.userId])) as unknown[];
    return held.length > 0;
  }

  /**
   * A card's origin level after support's decision. Read and written back in JS under the row's lock, so the card's
   * other fields keep their order (a jsonb round trip would reorder the JSON the Favorites tab answers).
   */
  async applyOriginLevel(manager: EntityManager, productId: string, originLevel: OriginLevel | null): Promise<void> {
    const [row] = (await manager.query(`SELECT card FROM favourites.product_cards WHERE product_id = $1 FOR UPDATE`, [
      productId,
    ])) as { card: ProductCard }[];
    if (!row) return;
    await manager.query(`UPDATE favourites.product_cards SET card = $2::json WHERE product_id = $1`, [
      productId,
      JSON.stringify({ ...row.card, originLevel }),
    ]);
  }

  /** A removed or sold product's card: no active favourite shows it any more. */
  async deleteCard(manager: EntityManager, productId: string): Promise<void> {
    await manager.query(`DELETE FROM favourites.product_cards WHERE product_id = $1`, [productId]);
  }
}

function byId(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function toCard({ seller: _seller, isFavorited: _isFavorited, ...card }: ProductDto): ProductCard {
  return card;
}

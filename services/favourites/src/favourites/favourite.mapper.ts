import type { FavouriteChangedEvent, FavouritesPage, ProductDto } from '@souvenir/contracts';
import { SerialisedJson, sellerOfColumns } from '@souvenir/platform';
import type { FavouriteState, StoredFavouriteRow } from './favourites.repository';

/** A product as the Favorites tab shows it: hearted. */
export function toFavouritedProduct(product: ProductDto): ProductDto {
  return { ...product, isFavorited: true };
}

/**
 * A favourite's stored card with its seller, as the Favorites tab shows it, in JSON: the text
 * `JSON.stringify({ ...card, isFavorited: true, seller })` writes. The card's text is JSON.stringify's own
 * (ProductCardsRepository writes every card so) of an object without `isFavorited` or `seller`, so the two members
 * are written after its last one.
 */
export function storedFavouritedProductJson(row: StoredFavouriteRow): string {
  return `${row.card.slice(0, -1)},"isFavorited":true,"seller":${JSON.stringify(sellerOfColumns(row))}}`;
}

/**
 * A page of favourites from its products' JSON: the text `JSON.stringify({ nextCursor, products })` writes, the
 * products last (the gateway reads the cursor and passes the products' JSON on as it is).
 */
export function favouritesPageJson(nextCursor: string | null, products: string[]): SerialisedJson<FavouritesPage> {
  return SerialisedJson.ofText<FavouritesPage>(
    `{"nextCursor":${JSON.stringify(nextCursor)},"products":[${products.join(',')}]}`,
  );
}

export function toFavouriteChangedEvent(row: FavouriteState): FavouriteChangedEvent {
  return {
    userId: row.userId,
    productId: row.productId,
    favourited: row.isActive,
    version: row.version,
    occurredAt: new Date().toISOString(),
  };
}

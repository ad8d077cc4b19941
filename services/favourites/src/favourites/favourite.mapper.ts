import type { FavouriteChangedEvent, ProductDto } from '@souvenir/contracts';
import type { FavouriteState, StoredFavouriteRow } from './favourites.repository';

/** A product as the Favorites tab shows it: hearted. */
export function toFavouritedProduct(product: ProductDto): ProductDto {
  return { ...product, isFavorited: true };
}

/** A favourite's stored card with its seller, as the Favorites tab shows it. */
export function storedFavouritedProduct(row: StoredFavouriteRow): ProductDto {
  return {
    ...row.card,
    isFavorited: true,
    seller: {
      id: row.seller_id,
      firstName: row.seller_first_name,
      lastName: row.seller_last_name,
      avatar: row.seller_avatar,
      isVerified: row.seller_is_verified,
      rating:
        row.seller_rating_average === null
          ? null
          : { average: row.seller_rating_average, count: row.seller_rating_count },
    },
  };
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

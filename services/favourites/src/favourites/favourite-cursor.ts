import { timeIdCursor } from '@souvenir/platform';

/**
 * Where a page of favourites ends: the last favourite's time (with Postgres's microseconds) and product id, the
 * order of favourites_user_active_idx. The next page starts strictly after it, so pages never repeat or skip one.
 */
export interface FavouriteKey {
  favouritedAt: string;
  productId: string;
}

export const { encode: encodeFavouriteCursor, decode: decodeFavouriteCursor } = timeIdCursor(
  'favouritedAt',
  'productId',
);

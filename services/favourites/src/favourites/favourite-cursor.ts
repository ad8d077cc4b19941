import { decodeCursor, encodeCursor, isIsoTimestamp, isUuid } from '@souvenir/platform';

/**
 * Where a page of favourites ends: the last favourite's time (with Postgres's microseconds) and product id, the
 * order of favourites_user_active_idx. The next page starts strictly after it, so pages never repeat or skip one.
 */
export interface FavouriteKey {
  favouritedAt: string;
  productId: string;
}

interface FavouriteCursor {
  v: 1;
  k: FavouriteKey;
}

export function encodeFavouriteCursor(key: FavouriteKey): string {
  const cursor: FavouriteCursor = { v: 1, k: key };
  return encodeCursor(cursor);
}

export function decodeFavouriteCursor(cursor: string): FavouriteKey {
  return decodeCursor(cursor, (decoded) => {
    const key = (decoded as Partial<FavouriteCursor> | null)?.v === 1 ? (decoded as FavouriteCursor).k : undefined;
    return key && isIsoTimestamp(key.favouritedAt) && isUuid(key.productId) ? { favouritedAt: key.favouritedAt, productId: key.productId } : undefined;
  });
}

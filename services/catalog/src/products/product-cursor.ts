import type { ProductSort } from '@souvenir/contracts';
import { decodeCursor as decodeOpaqueCursor, encodeCursor as encodeOpaqueCursor, isIsoTimestamp, isUuid } from '@souvenir/platform';

/**
 * The sort key of the last row of a page. A page continues strictly after it, so pages never repeat or skip a
 * row however many share a price or a timestamp: (created_at, id) ends every key and id is unique.
 * Timestamps keep Postgres's microseconds (a JS Date would round them and break ties).
 */
export interface CursorKey {
  createdAt: string;
  id: string;
  price?: string;
  favoriteCount?: number;
  /** Ranked search only: 1 when the title alone matches every search term, else 0 (see findRankedPageKeys). */
  tier?: 0 | 1;
}

interface CursorPayload {
  v: 1;
  s: ProductSort;
  /** Whether the page was ranked by a search, so a cursor is never reused with another ordering. */
  q: boolean;
  k: CursorKey;
}

const DECIMAL = /^\d{1,10}(\.\d{1,2})?$/;

export function encodeCursor(sort: ProductSort, ranked: boolean, key: CursorKey): string {
  const payload: CursorPayload = { v: 1, s: sort, q: ranked, k: key };
  return encodeOpaqueCursor(payload);
}

/** Reads a cursor made by `encodeCursor` for the same ordering; anything else is a validation failure. */
export function decodeCursor(cursor: string, sort: ProductSort, ranked: boolean): CursorKey {
  return decodeOpaqueCursor(cursor, (decoded) => {
    const payload = decoded as Partial<CursorPayload> | null;
    const key = payload?.k;
    const valid =
      payload?.v === 1 && payload.s === sort && payload.q === ranked && typeof key === 'object' && key !== null &&
      isIsoTimestamp(key.createdAt) && isUuid(key.id) &&
      (sort === 'price_asc' || sort === 'price_desc' ? typeof key.price === 'string' && DECIMAL.test(key.price) : true) &&
      (sort === 'popular' ? Number.isSafeInteger(key.favoriteCount) && key.favoriteCount! >= 0 : true) &&
      (ranked && sort === 'recent' ? key.tier === 0 || key.tier === 1 : key.tier === undefined);
    return valid ? key : undefined;
  });
}

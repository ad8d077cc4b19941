import type { ProductSort } from '@souvenir/contracts';
import {
  decodeCursor as decodeOpaqueCursor,
  encodeCursor as encodeOpaqueCursor,
  hasExactlyKeys,
  isInt4Count,
  isIsoTimestamp,
  isUuid,
} from '@souvenir/platform';
import type { SearchTier } from './product-search';

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
  /** Ranked search only: the match's tier, 2 (title), 1 (title, category, country) or 0 (anywhere): see findSearchPage. */
  tier?: SearchTier;
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

/** The fields of a key for an ordering: the sort's own column, then (created_at, id). */
function keyFields(sort: ProductSort, ranked: boolean): (keyof CursorKey)[] {
  const fields: (keyof CursorKey)[] = ['createdAt', 'id'];
  if (sort === 'price_asc' || sort === 'price_desc') fields.push('price');
  if (sort === 'popular') fields.push('favoriteCount');
  if (ranked && sort === 'recent') fields.push('tier');
  return fields;
}

/**
 * Reads a cursor made by `encodeCursor` for the same ordering; anything else is a validation failure. Every value
 * the query will compare is checked against what its column holds (a real timestamp, an int4 count), so a forged
 * cursor is a 400, never a Postgres error.
 */
export function decodeCursor(cursor: string, sort: ProductSort, ranked: boolean): CursorKey {
  return decodeOpaqueCursor(cursor, (payload) => {
    if (!hasExactlyKeys(payload, ['v', 's', 'q', 'k']) || payload.v !== 1 || payload.s !== sort || payload.q !== ranked)
      return undefined;
    const key = payload.k;
    const valid =
      hasExactlyKeys(key, keyFields(sort, ranked)) &&
      isIsoTimestamp(key.createdAt) &&
      isUuid(key.id) &&
      (key.price === undefined || (typeof key.price === 'string' && DECIMAL.test(key.price))) &&
      (key.favoriteCount === undefined || isInt4Count(key.favoriteCount)) &&
      (key.tier === undefined || key.tier === 0 || key.tier === 1 || key.tier === 2);
    return valid ? (key as unknown as CursorKey) : undefined;
  });
}

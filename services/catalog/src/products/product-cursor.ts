import { ErrorCode, type ProductSort } from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const DECIMAL = /^\d{1,10}(\.\d{1,2})?$/;

/** Opaque to clients: base64url of a small JSON document. */
export function encodeCursor(sort: ProductSort, ranked: boolean, key: CursorKey): string {
  const payload: CursorPayload = { v: 1, s: sort, q: ranked, k: key };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

/** Reads a cursor made by `encodeCursor` for the same ordering; anything else is a validation failure. */
export function decodeCursor(cursor: string, sort: ProductSort, ranked: boolean): CursorKey {
  let payload: CursorPayload;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorPayload;
  } catch {
    throw invalidCursor();
  }
  const key = payload?.k;
  const valid =
    payload?.v === 1 && payload.s === sort && payload.q === ranked && typeof key === 'object' && key !== null &&
    typeof key.createdAt === 'string' && TIMESTAMP.test(key.createdAt) && !Number.isNaN(Date.parse(key.createdAt)) &&
    typeof key.id === 'string' && UUID.test(key.id) &&
    (sort === 'price_asc' || sort === 'price_desc' ? typeof key.price === 'string' && DECIMAL.test(key.price) : true) &&
    (sort === 'popular' ? Number.isSafeInteger(key.favoriteCount) && key.favoriteCount! >= 0 : true) &&
    (ranked && sort === 'recent' ? key.tier === 0 || key.tier === 1 : key.tier === undefined);
  if (!valid) throw invalidCursor();
  return key;
}

function invalidCursor(): DomainError {
  const message = 'Invalid cursor';
  return new DomainError(ErrorCode.ValidationFailed, message, [{ field: 'query.cursor', message }]);
}

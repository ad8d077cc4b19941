import type { ProductSort } from '@souvenir/contracts';
import {
  decodeCursor as decodeOpaqueCursor,
  encodeCursor as encodeOpaqueCursor,
  hasExactlyKeys,
  isIsoTimestamp,
  isUuid,
} from '@souvenir/platform';
import type { CursorKey } from './cursor-key';
import { SORT_PAGING } from './sort-paging';

export type { CursorKey } from './cursor-key';

interface CursorPayload {
  v: 1;
  s: ProductSort;
  /** Whether the page was ranked by a search, so a cursor is never reused with another ordering. */
  q: boolean;
  k: CursorKey;
}

export function encodeCursor(sort: ProductSort, ranked: boolean, key: CursorKey): string {
  const payload: CursorPayload = { v: 1, s: sort, q: ranked, k: key };
  return encodeOpaqueCursor(payload);
}

/**
 * Reads a cursor made by `encodeCursor` for the same ordering; anything else is a validation failure. Every value
 * the query will compare is checked against what its column holds (a real timestamp, the sort's own field as
 * SORT_PAGING checks it, a tier), so a forged cursor is a 400, never a Postgres error.
 */
export function decodeCursor(cursor: string, sort: ProductSort, ranked: boolean): CursorKey {
  const field = SORT_PAGING[sort].keyField;
  const tiered = ranked && sort === 'recent';
  const fields: (keyof CursorKey)[] = [
    'createdAt',
    'id',
    ...(field ? [field.name] : []),
    ...(tiered ? ['tier' as const] : []),
  ];
  return decodeOpaqueCursor(cursor, (payload) => {
    if (!hasExactlyKeys(payload, ['v', 's', 'q', 'k']) || payload.v !== 1 || payload.s !== sort || payload.q !== ranked)
      return undefined;
    const key = payload.k;
    // A search's hint (`CursorKey.sparse`); a list without a search never reads it.
    const sparse = typeof key === 'object' && key !== null && Object.hasOwn(key, 'sparse');
    const valid =
      hasExactlyKeys(key, sparse ? [...fields, 'sparse'] : fields) &&
      (!sparse || key.sparse === true) &&
      isIsoTimestamp(key.createdAt) &&
      isUuid(key.id) &&
      (!field || field.isValid(key[field.name])) &&
      (!tiered || key.tier === 0 || key.tier === 1 || key.tier === 2);
    return valid ? (key as unknown as CursorKey) : undefined;
  });
}

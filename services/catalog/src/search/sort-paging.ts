import type { ProductSort } from '@souvenir/contracts';
import { isInt4Count } from '@souvenir/platform';
import type { CursorKey } from './cursor-key';
import type { SearchTier } from './product-search';
import type { Params } from '../database/params';

/** What a page row carries for the cursor key after it (`PAGE_COLUMNS`). */
export interface KeySource {
  id: string;
  /** created_at with Postgres's microseconds. */
  key_created_at: string;
  /** numeric(12,2) as pg's text: the same string `p.price::text` gives. */
  price: string;
  favorite_count: number;
}

/** The sort's own field of a cursor key, ahead of (created_at, id). */
interface SortKeyField {
  name: 'price' | 'favoriteCount';
  fromRow(row: KeySource): string | number;
  /** Whether a decoded cursor's value is one the column can hold (a forged cursor is a 400, never a pg error). */
  isValid(value: unknown): boolean;
}

/**
 * How one sort pages: its ORDER BY (an index's order, created_at and id last so ties never reorder), the keyset
 * condition of the rows strictly after a cursor's key, and the key field the sort adds to (created_at, id).
 */
interface SortPaging {
  orderBy: string;
  after(key: CursorKey, params: Params): string;
  keyField: SortKeyField | null;
}

const DECIMAL = /^\d{1,10}(\.\d{1,2})?$/;

const PRICE: SortKeyField = {
  name: 'price',
  fromRow: (row) => row.price,
  isValid: (value) => typeof value === 'string' && DECIMAL.test(value),
};

const FAVOURITE_COUNT: SortKeyField = {
  name: 'favoriteCount',
  fromRow: (row) => row.favorite_count,
  isValid: isInt4Count,
};

/** The key's (created_at, id) as bound values, bound first in every sort. */
function timeAndId(key: CursorKey, params: Params): [string, string] {
  return [`${params.add(key.createdAt)}::timestamptz`, `${params.add(key.id)}::uuid`];
}

/** A sort on one column, descending, then (created_at, id): one row comparison is the keyset. */
function descendingBy(column: string, cast: string, field: SortKeyField): SortPaging {
  return {
    orderBy: `${column} DESC, p.created_at DESC, p.id DESC`,
    after: (key, params) => {
      const [t, id] = timeAndId(key, params);
      return `(${column}, p.created_at, p.id) < (${params.add(key[field.name])}::${cast}, ${t}, ${id})`;
    },
    keyField: field,
  };
}

/** One entry per sort; each ORDER BY is the order of one of the migration's indexes (products_<sort>_idx). */
export const SORT_PAGING: Record<ProductSort, SortPaging> = {
  recent: {
    orderBy: 'p.created_at DESC, p.id DESC',
    after: (key, params) => {
      const [t, id] = timeAndId(key, params);
      return `(p.created_at, p.id) < (${t}, ${id})`;
    },
    keyField: null,
  },
  price_asc: {
    orderBy: 'p.price ASC, p.created_at DESC, p.id DESC',
    // Mixed directions cannot be one row comparison; the leading >= keeps the index range start.
    after: (key, params) => {
      const [t, id] = timeAndId(key, params);
      const price = `${params.add(key.price)}::numeric`;
      return `p.price >= ${price} AND (p.price > ${price} OR (p.created_at, p.id) < (${t}, ${id}))`;
    },
    keyField: PRICE,
  },
  price_desc: descendingBy('p.price', 'numeric', PRICE),
  popular: descendingBy('p.favorite_count', 'int', FAVOURITE_COUNT),
};

/** The ORDER BY of a sort, and the keyset condition of the rows strictly after `after` (none on a first page). */
export function sortOrder(
  sort: ProductSort,
  after: CursorKey | null,
  params: Params,
): { order: string; keyset: string | null } {
  const paging = SORT_PAGING[sort];
  return { order: paging.orderBy, keyset: after ? paging.after(after, params) : null };
}

/** The cursor key of a row in a sort's order (and a ranked search's tier, and whether that tier is sparse). */
export function cursorKeyOf(row: KeySource, sort: ProductSort, tier?: SearchTier, sparse = false): CursorKey {
  const field = SORT_PAGING[sort].keyField;
  return {
    id: row.id,
    createdAt: row.key_created_at,
    ...(field ? { [field.name]: field.fromRow(row) } : {}),
    ...(tier === undefined ? {} : { tier }),
    ...(sparse ? { sparse: true as const } : {}),
  };
}

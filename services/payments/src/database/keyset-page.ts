import { isoMicros } from '@souvenir/platform';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/** Where a page starts: after the row with this sort time (ISO, microseconds) and id. */
export interface PagePosition {
  at: string;
  id: string;
}

/** One page of rows; `next` is where the following page starts, null on the last page. */
export interface KeysetPage<T> {
  items: T[];
  next: PagePosition | null;
}

/**
 * Orders a query by a timestamp column then the id, starts it after `after` and reads one row more than the page
 * holds, to know whether another page follows. The sort time is read at microsecond precision, as Postgres keeps
 * it, so the next page starts exactly after the last row (a JavaScript Date would round it to milliseconds).
 */
export async function keysetPage<T extends ObjectLiteral & { id: string }>(
  query: SelectQueryBuilder<T>,
  key: { at: string; id: string; direction: 'ASC' | 'DESC' },
  after: PagePosition | null,
  size: number,
): Promise<KeysetPage<T>> {
  query
    .addSelect(isoMicros(key.at), 'cursor_at')
    .orderBy(key.at, key.direction)
    .addOrderBy(key.id, key.direction)
    .limit(size + 1);
  if (after)
    query.andWhere(
      `(${key.at}, ${key.id}) ${key.direction === 'DESC' ? '<' : '>'} (:pageAt::timestamptz, :pageId::uuid)`,
      {
        pageAt: after.at,
        pageId: after.id,
      },
    );
  const { entities, raw } = await query.getRawAndEntities<{ cursor_at: string }>();
  const items = entities.slice(0, size);
  const last = items.at(-1);
  return { items, next: entities.length > size && last ? { at: raw[items.length - 1].cursor_at, id: last.id } : null };
}

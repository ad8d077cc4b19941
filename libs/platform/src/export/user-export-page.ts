import { ErrorCode, type UserExportPage, type UserExportRequest } from '@souvenir/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../errors/domain-error';

/** Rows read per page; the byte budget below usually ends a page of long messages first. */
const EXPORT_PAGE_ROWS = 200;
/** A page's JSON stays far below NATS's 1 MB payload limit, whatever the rows hold. */
const EXPORT_PAGE_BYTES = 256 * 1024;

/** A timestamptz as Postgres prints it, the only shape a cursor's time has. */
const POSTGRES_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/**
 * A section's rows as SQL: `$1` is the person's id, and it selects `item` (json), `key_at` (timestamptz) and
 * `key_id` (text), the keyset the pages are cut by. Only the person's own rows, and never a secret.
 */
export type UserExportSql = string;

/**
 * One page of a section, oldest first, by keyset (`key_at`, `key_id`): the cursor carries the last row's key, the
 * timestamp as Postgres prints it (microseconds kept, which a JS Date would round away and so repeat or skip rows).
 */
export async function userExportPage(
  db: DataSource | EntityManager,
  sections: Readonly<Record<string, UserExportSql>>,
  request: UserExportRequest,
): Promise<UserExportPage> {
  const sql = Object.hasOwn(sections, request.section) ? sections[request.section] : undefined;
  if (!sql) throw new DomainError(ErrorCode.ValidationFailed, `No section ${request.section} here`);
  const [afterAt, afterId] = request.after ? request.after.split('|') : [null, null];
  if (afterAt !== null && !POSTGRES_TIMESTAMP.test(afterAt)) {
    throw new DomainError(ErrorCode.ValidationFailed, 'Invalid cursor');
  }
  const rows: { item: Record<string, unknown>; key_at: string; key_id: string }[] = await db.query(
    `SELECT item, key_at::text AS key_at, key_id FROM (${sql}) AS section_rows
      WHERE $2::timestamptz IS NULL OR (key_at, key_id) > ($2::timestamptz, $3::text)
      ORDER BY key_at, key_id LIMIT $4`,
    [request.userId, afterAt, afterId, EXPORT_PAGE_ROWS + 1],
  );
  const items: Record<string, unknown>[] = [];
  let bytes = 0;
  let last: (typeof rows)[number] | undefined;
  for (const row of rows.slice(0, EXPORT_PAGE_ROWS)) {
    bytes += Buffer.byteLength(JSON.stringify(row.item));
    if (items.length > 0 && bytes > EXPORT_PAGE_BYTES) break;
    items.push(row.item);
    last = row;
  }
  const more = rows.length > items.length;
  return more && last ? { items, next: `${last.key_at}|${last.key_id}` } : { items };
}

import { ErrorCode } from '@souvenir/contracts';
import { DomainError } from '../errors/domain-error';

/**
 * Keyset pagination's `X-Next-Cursor`: opaque to clients, base64url of a small JSON document holding the sort key
 * of the last row of a page (with Postgres's microseconds: a JS Date would round them and break ties).
 */
export function encodeCursor(payload: object): string {
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

/**
 * Reads a cursor made by `encodeCursor`. `read` answers the key when the decoded document is one this list made
 * (checking every field a query will use), else undefined; anything unreadable is VALIDATION_FAILED 'Invalid cursor'.
 */
export function decodeCursor<Key>(cursor: string, read: (payload: unknown) => Key | undefined): Key {
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  // Round trip: only the exact text encodeCursor writes is read. Node's base64url decoder skips characters it does
  // not know and a JSON document can be spelled many ways (spaces, escapes, a repeated key, invalid UTF-8 read as
  // U+FFFD), so a forged cursor could otherwise carry what its fields' checks never see.
  if (encodeCursor(payload as object) !== cursor) throw invalidCursor();
  const key = read(payload);
  if (key === undefined) throw invalidCursor();
  return key;
}

function invalidCursor(): DomainError {
  const message = 'Invalid cursor';
  return new DomainError(ErrorCode.ValidationFailed, message, [{ field: 'query.cursor', message }]);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** Postgres's `integer` (int4): a count compared as `$n::int` must fit, or the query fails (22003). */
export const INT4_MAX = 2 ** 31 - 1;
export const isInt4Count = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= INT4_MAX;

/** No row of this product predates the Unix epoch; year 0 and years past 9999 are not even timestamps to Postgres. */
const EARLIEST_YEAR = 1970;

/**
 * An ISO timestamp in UTC with up to microseconds, as `to_char(… 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` writes it, naming
 * a real instant: JavaScript's parser rolls `2026-02-30` over to March 2nd and `24:00` to the next day where Postgres
 * refuses them (22008), so the fields must survive a round trip through a Date unchanged, in years 1970–9999.
 */
export function isIsoTimestamp(value: unknown): value is string {
  if (typeof value !== 'string' || !TIMESTAMP.test(value)) return false;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const year = Number(value.slice(0, 4));
  return year >= EARLIEST_YEAR && new Date(time).toISOString().slice(0, 19) === value.slice(0, 19);
}

/** Whether a decoded cursor document is an object with exactly these fields (a cursor never carries others). */
export function hasExactlyKeys(value: unknown, keys: readonly string[]): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((key) => Object.hasOwn(value, key));
}

/** A SQL expression of a timestamptz column as an `isIsoTimestamp` string, microseconds kept. */
export const isoMicros = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The cursor of a list ordered by a timestamp and then a uuid (a favourites page, a conversations page): `at` and
 * `id` name the two fields of the key, checked when it is read back (version 1 documents only).
 */
export function timeIdCursor<At extends string, Id extends string>(at: At, id: Id) {
  type Key = { [field in At | Id]: string };
  return {
    encode: (key: Key): string => encodeCursor({ v: 1, k: key }),
    decode: (cursor: string): Key =>
      decodeCursor(cursor, (decoded) => {
        if (!hasExactlyKeys(decoded, ['v', 'k']) || decoded.v !== 1 || !hasExactlyKeys(decoded.k, [at, id]))
          return undefined;
        const key = decoded.k;
        return isIsoTimestamp(key[at]) && isUuid(key[id]) ? ({ [at]: key[at], [id]: key[id] } as Key) : undefined;
      }),
  };
}

import { ErrorCode } from '@souvenir/contracts';
import { DomainError } from '../rpc/domain-error';

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

/** An ISO timestamp in UTC with up to microseconds, as `to_char(… 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` writes it. */
export const isIsoTimestamp = (value: unknown): value is string =>
  typeof value === 'string' && TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value));

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
        const document = decoded as { v?: unknown; k?: Record<string, unknown> } | null;
        const key = document?.v === 1 ? document.k : undefined;
        return key && isIsoTimestamp(key[at]) && isUuid(key[id]) ? ({ [at]: key[at], [id]: key[id] } as Key) : undefined;
      }),
  };
}

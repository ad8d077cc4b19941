import { ErrorCode } from '@souvenir/contracts';
import { startTestInfra, type TestInfra } from '@souvenir/testing';
import { Client } from 'pg';
import { QueryFailedError } from 'typeorm';
import { INVALID_VALUE, toRpcException } from '@souvenir/platform';

// The backstop behind validation: a value Postgres refuses (SQLSTATE class 22) is the client's 400, not a 500.
// Real errors from a real Postgres, raw from pg and wrapped by TypeORM as the repositories see them.
let infra: TestInfra;
let client: Client;

beforeAll(async () => {
  infra = await startTestInfra();
  client = new Client({ connectionString: infra.database.url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await infra?.stop();
});

async function errorOf(sql: string, params: unknown[] = []): Promise<Error & { code?: string }> {
  const error = await client.query(sql, params).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof Error)) throw new Error(`expected ${sql} to fail`);
  return error;
}

describe('Postgres data errors answered as validation failures', () => {
  it.each([
    ['invalid_text_representation', '22P02', `SELECT $1::numeric`, ['']],
    ['numeric_value_out_of_range', '22003', `SELECT $1::int`, [2 ** 31]],
    ['datetime_field_overflow', '22008', `SELECT $1::timestamptz`, ['2026-02-30T00:00:00Z']],
    ['a year that does not exist', '22008', `SELECT $1::timestamptz`, ['0000-01-01T00:00:00Z']],
    ['untranslatable_character', '22P05', `SELECT $1::jsonb`, ['"\\u0000"']],
    ['character_not_in_repertoire', '22021', `SELECT $1::text`, ['a\u0000b']],
    ['a tsquery syntax error', '42601', `SELECT to_tsquery('simple', $1)`, ['(1):*']],
  ])('%s (%s)', async (_name, code, sql, params) => {
    const error = await errorOf(sql, params);
    expect(error.code).toBe(code);
    for (const thrown of [error, new QueryFailedError(sql, params, error)]) {
      const answer = toRpcException(thrown).getError();
      if (code.startsWith('22')) expect(answer).toEqual({ code: ErrorCode.ValidationFailed, message: INVALID_VALUE });
      // Only data exceptions: a syntax error is the server's own bug, still a 500.
      else expect(answer).toMatchObject({ code: ErrorCode.Internal });
    }
  });
});

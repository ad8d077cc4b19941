import { Client } from 'pg';
import { QueryFailedError } from 'typeorm';
import { isUniqueViolation, postgresErrorCode, SQLSTATE } from './postgres-error';
import { isStoreUnavailable } from './outage';

// Real errors from the machine's Postgres (as libs/testing uses it), raw from pg and wrapped by TypeORM as the
// repositories see them, on a temporary table that ends with the session.
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let client: Client;

beforeAll(async () => {
  client = new Client({ connectionString: POSTGRES_URL });
  await client.connect();
  await client.query('CREATE TEMP TABLE sale (id int PRIMARY KEY, product int NOT NULL)');
  await client.query('CREATE UNIQUE INDEX one_sale_per_product ON sale (product)');
  await client.query('INSERT INTO sale VALUES (1, 10)');
});

afterAll(async () => {
  await client?.end();
});

async function refusal(sql: string): Promise<unknown[]> {
  const error = await client.query(sql).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof Error)) throw new Error(`expected ${sql} to fail`);
  return [error, new QueryFailedError(sql, [], error)];
}

describe('Postgres errors, raw or wrapped by TypeORM', () => {
  it('names the unique index that refused a write', async () => {
    for (const error of await refusal('INSERT INTO sale VALUES (2, 10)')) {
      expect(postgresErrorCode(error)).toBe(SQLSTATE.uniqueViolation);
      expect(isUniqueViolation(error)).toBe(true);
      expect(isUniqueViolation(error, 'one_sale_per_product')).toBe(true);
      expect(isUniqueViolation(error, 'sale_pkey')).toBe(false);
    }
    for (const error of await refusal('INSERT INTO sale VALUES (1, 11)'))
      expect(isUniqueViolation(error, 'sale_pkey')).toBe(true);
  });

  it('tells other refusals apart', async () => {
    for (const error of await refusal('INSERT INTO sale VALUES (3, NULL)')) {
      expect(postgresErrorCode(error)).toBe('23502'); // not_null_violation
      expect(isUniqueViolation(error)).toBe(false);
      expect(isStoreUnavailable(error)).toBe(false);
    }
  });

  it('reads no SQLSTATE into a Node system error', () => {
    const error = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    expect(postgresErrorCode(error)).toBeUndefined();
    expect(isStoreUnavailable(error)).toBe(true);
  });
});

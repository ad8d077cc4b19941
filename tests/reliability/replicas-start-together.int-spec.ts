import { ensureDatabaseAndSchema } from '@souvenir/platform';
import { startTestInfra, type TestInfra } from '@souvenir/testing';
import { Client } from 'pg';

// Replicas of a service (or the migrations Job and a replica) start at the same moment against a fresh database:
// each creates the service's schema first. CREATE SCHEMA IF NOT EXISTS is not safe when run concurrently (the loser
// gets a unique violation on pg_namespace): one replica of two used to exit at start-up, about one start in six.
let infra: TestInfra;

beforeAll(async () => {
  infra = await startTestInfra();
});

afterAll(async () => {
  await infra?.stop();
});

it('every replica starting at once finds its schema, none fails', async () => {
  for (let round = 0; round < 5; round++) {
    const schema = `replicas_${round}`;
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => ensureDatabaseAndSchema(infra.database.url, schema)),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const client = new Client({ connectionString: infra.database.url });
    await client.connect();
    const { rows } = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
    await client.end();
    expect(rows).toHaveLength(1);
  }
});

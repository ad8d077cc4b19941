import { createExtension, createIndexConcurrently, ensureDatabaseAndSchema, openAndMigrate } from '@souvenir/platform';
import { startTestInfra, type TestInfra } from '@souvenir/testing';
import { Client } from 'pg';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';

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

it('replicas migrating at once: a concurrent index build does not wait for the replicas waiting their turn', async () => {
  const schema = 'replicas_migrate';
  await ensureDatabaseAndSchema(infra.database.url, schema);
  class CreateThings1700000000000 implements MigrationInterface {
    name = 'CreateThings1700000000000';
    async up(queryRunner: QueryRunner) {
      await queryRunner.query(`CREATE TABLE ${schema}.things (a int)`);
      // Long enough for the other replicas to be waiting for the lock when the next migration builds its index.
      await queryRunner.query('SELECT pg_sleep(0.5)');
    }
    async down() {}
  }
  class IndexThings1700000000001 implements MigrationInterface {
    name = 'IndexThings1700000000001';
    transaction = false;
    async up(queryRunner: QueryRunner) {
      await createIndexConcurrently(queryRunner, schema, 'things_a_idx', `${schema}.things (a)`);
    }
    async down() {}
  }
  const replica = () =>
    openAndMigrate(
      {
        type: 'postgres',
        url: infra.database.url,
        schema,
        migrations: [CreateThings1700000000000, IndexThings1700000000001],
        migrationsTableName: 'migrations',
        migrationsTransactionMode: 'each',
        extra: { max: 2 },
      },
      infra.database.url,
      schema,
    );
  // A replica waiting in pg_advisory_lock held a snapshot, which the build waited for while the replica waited for
  // the build's migrations: neither finished (until the build's lock_timeout, minutes later).
  const started = Date.now();
  const replicas: DataSource[] = await Promise.all([replica(), replica(), replica()]);
  try {
    expect(Date.now() - started).toBeLessThan(10_000);
    const migrations = await infra.database.query<{ name: string }>(
      `SELECT name FROM ${schema}.migrations ORDER BY id`,
    );
    expect(migrations.map((m) => m.name)).toEqual(['CreateThings1700000000000', 'IndexThings1700000000001']);
    const [index] = await infra.database.query<{ valid: boolean }>(
      `SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = '${schema}.things_a_idx'::regclass`,
    );
    expect(index?.valid).toBe(true);
  } finally {
    await Promise.all(replicas.map((r) => r.destroy()));
  }
}, 30_000);

it('services migrating at once on a fresh database create the extensions they share without failing', async () => {
  // Extensions are database-wide: catalog's and alerts' first migrations both create unaccent at start-up, and
  // CREATE EXTENSION IF NOT EXISTS run twice at once failed one with a unique violation on pg_extension_name_index.
  class InTransaction1700000000000 implements MigrationInterface {
    name = 'InTransaction1700000000000';
    async up(queryRunner: QueryRunner) {
      await createExtension(queryRunner, 'unaccent');
      await createExtension(queryRunner, 'pg_trgm');
    }
    async down() {}
  }
  class OutsideTransaction1700000000001 implements MigrationInterface {
    name = 'OutsideTransaction1700000000001';
    transaction = false;
    async up(queryRunner: QueryRunner) {
      await createExtension(queryRunner, 'btree_gin');
      await createExtension(queryRunner, 'unaccent');
    }
    async down() {}
  }
  const service = async (schema: string) => {
    await ensureDatabaseAndSchema(infra.database.url, schema);
    return openAndMigrate(
      {
        type: 'postgres',
        url: infra.database.url,
        schema,
        migrations: [InTransaction1700000000000, OutsideTransaction1700000000001],
        migrationsTableName: 'migrations',
        migrationsTransactionMode: 'each',
        extra: { max: 2 },
      },
      infra.database.url,
      schema,
    );
  };
  for (let round = 0; round < 4; round++) {
    // Each round starts as a fresh database does: without the extensions.
    await infra.database.query('DROP EXTENSION IF EXISTS unaccent, pg_trgm, btree_gin');
    const results = await Promise.allSettled(
      ['catalog', 'alerts', 'third'].map((name) => service(`ext_${round}_${name}`)),
    );
    await Promise.all(results.map((r) => (r.status === 'fulfilled' ? r.value.destroy() : undefined)));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const extensions = await infra.database.query<{ extname: string }>(
      `SELECT extname FROM pg_extension WHERE extname IN ('unaccent', 'pg_trgm', 'btree_gin') ORDER BY extname`,
    );
    expect(extensions.map((e) => e.extname)).toEqual(['btree_gin', 'pg_trgm', 'unaccent']);
  }
}, 60_000);

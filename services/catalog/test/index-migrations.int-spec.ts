import { serviceSuite } from '@souvenir/testing';
import { Client } from 'pg';
import type { QueryRunner } from 'typeorm';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { CatalogConfig } from '../src/config/catalog.config';
import { CoveringSortIndexes1736700000000 } from '../src/database/migrations/1736700000000-covering-sort-indexes';
import { BandedFiltersSearchIndex1739300000000 } from '../src/database/migrations/1739300000000-banded-filters-search-index';
import { DropPriceBandSearchIndex1739400000000 } from '../src/database/migrations/1739400000000-drop-price-band-search-index';

// Catalog's index migrations on real Postgres, run as the migrations Job runs them while the old replicas serve:
// products stay readable and writable while an index is built or replaced.

const clients: Client[] = [];

async function connect(name: string, options?: string): Promise<Client> {
  const client = new Client({ connectionString: infra.database.url, application_name: name, options });
  await client.connect();
  clients.push(client);
  return client;
}

const SORT_INDEXES = [
  'products_recent_idx',
  'products_price_asc_idx',
  'products_price_desc_idx',
  'products_popular_idx',
  'products_country_idx',
  'products_category_idx',
];

/** The sort indexes' definitions and whether each is valid, by name; and any index a build left behind. */
async function sortIndexes() {
  const rows = await infra.database.query<{ name: string; def: string; valid: boolean }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def, i.indisvalid AS valid
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'catalog' AND (c.relname = ANY($1) OR c.relname LIKE '%\\_next')`,
    [SORT_INDEXES],
  );
  return new Map(rows.map((r) => [r.name, r]));
}

const { infra } = serviceSuite(SERVICE_NAME, AppModule, CatalogConfig, {
  cleanUp: async () => {
    for (const client of clients) await client.end().catch(() => undefined);
  },
});

describe('index migrations', () => {
  it('built the covering sort indexes at start-up, valid and under their own names', async () => {
    const indexes = await sortIndexes();
    expect([...indexes.keys()].sort()).toEqual([...SORT_INDEXES].sort());
    for (const index of indexes.values()) {
      expect(index.valid).toBe(true);
      expect(index.def).toContain('INCLUDE');
    }
  });

  it('replaces the sort indexes while a writer holds the table, and reads and writes never wait for it', async () => {
    // As the service's pool connects: a short lock_timeout, which a build's wait must outlast.
    const migrator = await connect('migration-under-test', '-c lock_timeout=200');
    const runner = { query: (sql: string) => migrator.query(sql) } as unknown as QueryRunner;
    const migration = new CoveringSortIndexes1736700000000();
    expect(migration.transaction).toBe(false);

    // A write in progress: a concurrent build must wait for it, and a DROP INDEX in a transaction (as the migration
    // was first written) would queue for ACCESS EXCLUSIVE behind it, and every read and write behind that.
    const writer = await connect('writer');
    await writer.query('BEGIN');
    await writer.query(`UPDATE catalog.products SET favorite_count = favorite_count WHERE id IS NULL`);

    const down = migration.down(runner);
    const observer = await connect('observer');
    for (let waited = 0; ; waited += 20) {
      const [row] = (
        await observer.query<{ waiting: boolean }>(
          `SELECT wait_event_type = 'Lock' AS waiting FROM pg_stat_activity WHERE application_name = 'migration-under-test'`,
        )
      ).rows;
      if (row?.waiting) break;
      if (waited > 10_000) throw new Error('the migration never waited for the writer');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    // Meanwhile the shop goes on: neither a read nor a write of products waits for a lock.
    const shopper = await connect('shopper');
    await shopper.query(`SET lock_timeout = '500ms'`);
    await shopper.query(`SELECT id FROM catalog.products WHERE status = 'active' ORDER BY created_at DESC LIMIT 24`);
    await shopper.query(`UPDATE catalog.products SET favorite_count = favorite_count WHERE id IS NULL`);

    // The writer outlasts the connection's lock_timeout: the build waits on, and leaves the setting as it was.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await writer.query('COMMIT');
    await down;
    expect((await migrator.query<{ lock_timeout: string }>('SHOW lock_timeout')).rows[0]?.lock_timeout).toBe('200ms');
    const before = await sortIndexes();
    expect([...before.keys()].sort()).toEqual([...SORT_INDEXES].sort());
    for (const index of before.values()) expect(index.def).not.toContain('INCLUDE');

    // An earlier run that stopped mid-build left an index behind under the new one's name: the next run drops it.
    await migrator.query(`CREATE INDEX products_recent_idx_next ON catalog.products (id)`);
    await migration.up(runner);
    const after = await sortIndexes();
    expect([...after.keys()].sort()).toEqual([...SORT_INDEXES].sort());
    for (const index of after.values()) {
      expect(index.valid).toBe(true);
      expect(index.def).toContain('INCLUDE');
    }
    expect(after.get('products_recent_idx')?.def).toContain(
      '(status, created_at DESC, id DESC) INCLUDE (price, favorite_count, category, country)',
    );
  }, 60_000);

  it('builds the filter keys index at start-up, at once on a fresh database, and again after a down', async () => {
    const filtersIndex = async () =>
      (
        await infra.database.query<{ def: string; valid: boolean }>(
          `SELECT pg_get_indexdef(i.indexrelid) AS def, i.indisvalid AS valid
             FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
            WHERE c.relname = 'products_filters_search_idx'`,
        )
      )[0];
    expect(await filtersIndex()).toMatchObject({ valid: true });
    expect((await filtersIndex())?.def).toContain(
      'gin (catalog.search_filter_keys(category, country, price), search_doc)',
    );
    const migrator = await connect('filters-migration', '-c lock_timeout=200');
    const runner = { query: (sql: string) => migrator.query(sql).then((r) => r.rows) } as unknown as QueryRunner;
    const migration = new BandedFiltersSearchIndex1739300000000();
    await migration.down(runner);
    expect(await filtersIndex()).toBeUndefined();
    await migration.up(runner);
    expect(await filtersIndex()).toMatchObject({ valid: true });
    const [{ keys }] = (await infra.database.query(
      `SELECT catalog.search_filter_keys('Clothing', 'Japan', 55) AS keys`,
    )) as { keys: string[] }[];
    expect(keys).toEqual(['category:Clothing', 'country:Japan', 'band:22']);
    const [{ bands }] = (await infra.database.query(`SELECT catalog.price_band_keys(45, 125) AS bands`)) as {
      bands: string[];
    }[];
    expect(bands).toEqual(['band:21', 'band:22', 'band:23', 'band:24', 'band:25', 'band:26', 'band:27', 'band:28']);
  });

  it('drops the first price band index, which no statement reads, and a down builds it again', async () => {
    const bandIndex = async () =>
      (
        await infra.database.query<{ valid: boolean }>(
          `SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
            WHERE c.relname = 'products_price_band_search_idx'`,
        )
      )[0];
    expect(await bandIndex()).toBeUndefined();
    const migrator = await connect('band-migration', '-c lock_timeout=200');
    const runner = { query: (sql: string) => migrator.query(sql).then((r) => r.rows) } as unknown as QueryRunner;
    const migration = new DropPriceBandSearchIndex1739400000000();
    await migration.down(runner);
    expect(await bandIndex()).toEqual({ valid: true });
    await migration.up(runner);
    expect(await bandIndex()).toBeUndefined();
  });
});

import { createIndexConcurrently, dropIndexConcurrently } from '@souvenir/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Fewer products than this and the index is built at once, not concurrently (see `up`). */
const BUILT_AT_ONCE_BELOW = 10_000;

/**
 * A search with a narrow price range (cold searches), with or without a category or a country: one GIN read that
 * intersects the words with the range's price bands and the category or the country, inside the index. Before, the
 * bands were `price_band(price) = ANY(bands)` on `(price_band(price), search_doc)` (migration 1736600000000): an
 * array a GIN index cannot take as one key, which Postgres therefore read band by band, or not at all when a
 * category or a country had an index of its own (`(category, search_doc)`, migration 1735900000000): it then read
 * every match of the words in the category and tested each one's price in the table, several times the rows kept.
 *
 * Here the filters are the keys of one array per product, `catalog.search_filter_keys(category, country, price)`
 * (`category:…`, `country:…`, `band:…`), beside the words: a range is `keys && catalog.price_band_keys(low, high)`,
 * an overlap GIN reads as one key, as it does a category's `keys && '{category:…}'`, so the words, the bands and the
 * category or country are one read (`product-filters.ts` adds these conditions; the exact filters are still tested).
 * `price_band_keys` of constants is folded to a constant when the statement is planned.
 */
export class BandedFiltersSearchIndex1739300000000 implements MigrationInterface {
  name = 'BandedFiltersSearchIndex1739300000000';
  transaction = false;

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION catalog.search_filter_keys(category text, country text, price numeric) RETURNS text[]
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT ARRAY['category:' || category, 'country:' || country, 'band:' || catalog.price_band(price)] $$`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION catalog.price_band_keys(low numeric, high numeric) RETURNS text[]
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT array_agg('band:' || band) FROM generate_series(catalog.price_band(low), catalog.price_band(high)) band $$`);
    const definition = `catalog.products USING gin (catalog.search_filter_keys(category, country, price), search_doc)
                        WHERE status = 'active'`;
    // Concurrently where there are many products: their writes go on while it is built. A concurrent build also waits
    // for every transaction of the database to end, the other services' migrations at start-up included; a fresh
    // database (npm start, the tests) has few products, so there it is built at once, holding writes for a moment.
    const [{ many }] = (await queryRunner.query(
      `SELECT count(*) >= ${BUILT_AT_ONCE_BELOW} AS many FROM (SELECT 1 FROM catalog.products LIMIT ${BUILT_AT_ONCE_BELOW}) p`,
    )) as { many: boolean }[];
    if (many) await createIndexConcurrently(queryRunner, 'catalog', 'products_filters_search_idx', definition);
    else await queryRunner.query(`CREATE INDEX IF NOT EXISTS products_filters_search_idx ON ${definition}`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropIndexConcurrently(queryRunner, 'catalog', 'products_filters_search_idx');
    await queryRunner.query(`DROP FUNCTION IF EXISTS catalog.price_band_keys(numeric, numeric)`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS catalog.search_filter_keys(text, text, numeric)`);
  }
}

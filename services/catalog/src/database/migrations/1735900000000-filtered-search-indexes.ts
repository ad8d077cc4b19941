import { createExtension, createIndexConcurrently, dropIndexConcurrently } from '@souvenir/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A search with a country or a category filter (cold searches): one GIN read each, the filter's value and
 * the words intersected inside the index (btree_gin indexes the scalar column as GIN keys next to `search_doc`'s
 * lexemes). Until now Postgres had to choose one side: the words' GIN bitmap, each match then read from the heap and
 * tested against the filter, or the filter's btree, each product of the country tested against the words; for a
 * frequent word in a category (two sell categories, e.g. "home" in Art & Crafts) it chose neither and scanned the
 * whole table. The category condition is `category = ANY(...)`, which a bitmap index scan reads one value at a time.
 *
 * No such index for price: a range over btree_gin's numeric keys collects every active product in the range into a
 * bitmap before it intersects the words; tried at 100k, a search with a price range cost ~50 ms of Postgres CPU with
 * it against ~17 without (the words' GIN read, the price tested on the heap). See bench/README.md, 2026-11-28
 * "filtered searches".
 */
export class FilteredSearchIndexes1735900000000 implements MigrationInterface {
  name = 'FilteredSearchIndexes1735900000000';
  // The indexes are built concurrently: products' writes go on meanwhile.
  transaction = false;

  async up(queryRunner: QueryRunner): Promise<void> {
    await createExtension(queryRunner, 'btree_gin');
    for (const column of ['country', 'category'])
      await createIndexConcurrently(
        queryRunner,
        'catalog',
        `products_${column}_search_idx`,
        `catalog.products USING gin (${column}, search_doc) WHERE status = 'active'`,
      );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropIndexConcurrently(queryRunner, 'catalog', 'products_category_search_idx');
    await dropIndexConcurrently(queryRunner, 'catalog', 'products_country_search_idx');
  }
}

import { createIndexConcurrently, dropIndexConcurrently } from '@souvenir/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A search with a narrow price range (cold searches): one GIN read that intersects the words with the
 * price, as `products_country_search_idx` does with a country. A range over btree_gin's numeric keys collects every
 * active product in the range into a bitmap first (migration 1735900000000), so the index holds a price band instead:
 * `catalog.price_band(price)`, the band of a fixed list of bounds about 20 % apart (`width_bucket`: 0 below 1, 1 from
 * 1 to 2, …, 50 from 10,000). A range is then a few equal keys, `price_band(price) = ANY(bands of the range)`, each
 * read like a country; the exact price is still tested on the rows found, so a band only ever narrows the read.
 * Before, Postgres read the words' matches and tested each one's price, or scanned the table for a frequent word
 * (`box` from 54 to 168: 23.6 ms to count 1,001 matches; 5.5 ms through nine bands; bench/README.md).
 */
export class PriceBandSearchIndex1736600000000 implements MigrationInterface {
  name = 'PriceBandSearchIndex1736600000000';
  // The index is built concurrently: products' writes go on meanwhile.
  transaction = false;

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION catalog.price_band(price numeric) RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT width_bucket(price, '{1,2,3,4,5,6,7,8,9,10,12,14,16,18,20,23,26,30,35,40,45,50,60,70,80,90,100,120,140,160,180,200,230,260,300,350,400,450,500,600,700,800,900,1000,1200,1500,2000,3000,5000,10000}'::numeric[]) $$`);
    await createIndexConcurrently(
      queryRunner,
      'catalog',
      'products_price_band_search_idx',
      `catalog.products USING gin (catalog.price_band(price), search_doc) WHERE status = 'active'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropIndexConcurrently(queryRunner, 'catalog', 'products_price_band_search_idx');
    await queryRunner.query(`DROP FUNCTION IF EXISTS catalog.price_band(numeric)`);
  }
}

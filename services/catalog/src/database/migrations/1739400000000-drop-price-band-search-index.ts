import { createIndexConcurrently, dropIndexConcurrently } from '@souvenir/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `products_price_band_search_idx` (migration 1736600000000) answered a narrow price range band by band; since
 * `products_filters_search_idx` (1739300000000) reads the bands as filter keys, no statement can use it, yet every
 * product written still updated its GIN entries. `catalog.price_band` stays: the filter keys are built from it.
 */
export class DropPriceBandSearchIndex1739400000000 implements MigrationInterface {
  name = 'DropPriceBandSearchIndex1739400000000';
  // Dropped concurrently: products' reads and writes go on meanwhile.
  transaction = false;

  async up(queryRunner: QueryRunner): Promise<void> {
    await dropIndexConcurrently(queryRunner, 'catalog', 'products_price_band_search_idx');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await createIndexConcurrently(
      queryRunner,
      'catalog',
      'products_price_band_search_idx',
      `catalog.products USING gin (catalog.price_band(price), search_doc) WHERE status = 'active'`,
    );
  }
}

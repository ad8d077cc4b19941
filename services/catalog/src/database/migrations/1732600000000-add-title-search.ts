import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ranked search orders matches by a boolean tier, then recency: products whose title alone matches every search
 * term come first, then products that match only with their category or description. The tier needs a title-only
 * tsvector (folded exactly like search_vector) and a GIN index on it, so "title matches" is an index lookup
 * (rare words) or a cheap per-row filter while walking products_recent_idx (frequent words), never a ts_rank of
 * every match. Adding a STORED generated column rewrites the table once (seconds at 1M rows).
 */
export class AddTitleSearch1732600000000 implements MigrationInterface {
  name = 'AddTitleSearch1732600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE catalog.products ADD COLUMN title_vector tsvector
        GENERATED ALWAYS AS (to_tsvector('simple', catalog.immutable_unaccent(title))) STORED`);
    await queryRunner.query(`CREATE INDEX products_title_search_idx ON catalog.products USING GIN (title_vector)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX catalog.products_title_search_idx`);
    await queryRunner.query(`ALTER TABLE catalog.products DROP COLUMN title_vector`);
  }
}

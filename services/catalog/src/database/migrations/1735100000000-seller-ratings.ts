import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sellers' ratings on product cards: the seller read model keeps reviews' rating (average, count) from
 * `events.reviews.rating.changed`, with the rating's own version (it grows per user in reviews, independently of
 * identity's profile version), so product reads show it from the seller row they already join.
 */
export class SellerRatings1735100000000 implements MigrationInterface {
  name = 'SellerRatings1735100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE catalog.sellers
        ADD COLUMN rating_average numeric(3,2),
        ADD COLUMN rating_count integer NOT NULL DEFAULT 0,
        ADD COLUMN rating_version integer NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE catalog.sellers DROP COLUMN rating_average, DROP COLUMN rating_count, DROP COLUMN rating_version`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sellers' ratings on favourited products' cards: the seller read model keeps reviews' rating (average,
 * count) from `events.reviews.rating.changed`, with the rating's own version (0: taken from catalog's card).
 */
export class SellerRatings1735100000000 implements MigrationInterface {
  name = 'SellerRatings1735100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE favourites.sellers
        ADD COLUMN rating_average numeric(3,2),
        ADD COLUMN rating_count integer NOT NULL DEFAULT 0,
        ADD COLUMN rating_version integer NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE favourites.sellers DROP COLUMN rating_average, DROP COLUMN rating_count, DROP COLUMN rating_version`);
  }
}

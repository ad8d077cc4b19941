import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sellers' bundle discounts on product pages: payments owns the discount and publishes each change
 * (`events.payments.bundle-discount.changed`, with its own version per seller); the seller read model keeps a copy
 * so that product reads show it from the seller row they already join, without asking payments per page.
 */
export class SellerBundleDiscounts1739100000000 implements MigrationInterface {
  name = 'SellerBundleDiscounts1739100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE catalog.sellers
        ADD COLUMN bundle_min_items smallint NOT NULL DEFAULT 2,
        ADD COLUMN bundle_percent smallint NOT NULL DEFAULT 0,
        ADD COLUMN bundle_version integer NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE catalog.sellers DROP COLUMN bundle_min_items, DROP COLUMN bundle_percent, DROP COLUMN bundle_version`);
  }
}

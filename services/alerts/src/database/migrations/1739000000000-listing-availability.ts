import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What else decides whether a listing may be announced to saved searches, beside its sale status:
 * - `listed`: catalog's listed event has been applied (its content and where it ships from are known).
 * - `screened`: moderation's keyword check of the new listing answered (a listing it holds is taken off sale a moment
 *   later; before the answer nobody is told). Listings known before this migration were screened long ago.
 * - `reserved_until`, `reserved_sale_version`, `reservation_version`: catalog's reservation, which counts while its
 *   time lasts and the sale version it was made under is the listing's (a sale, removal or relisting ends it without
 *   a reservation event).
 * Catalog's events arrive on one consumer per subject, so a removal, a reservation or the screening may be applied
 * before the listing itself: their row is created first, holding only what they say (hence the content columns
 * become nullable; a row not `listed` yet matches nothing).
 * Rows known before this migration were listed and screened long ago: the columns are added true, then default to
 * false (a constant default: no table rewrite).
 */
export class ListingAvailability1739000000000 implements MigrationInterface {
  name = 'ListingAvailability1739000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE alerts.products
        ADD COLUMN listed boolean NOT NULL DEFAULT true,
        ADD COLUMN screened boolean NOT NULL DEFAULT true,
        ADD COLUMN reserved_until timestamptz,
        ADD COLUMN reserved_sale_version integer,
        ADD COLUMN reservation_version integer NOT NULL DEFAULT 0,
        ALTER COLUMN status SET DEFAULT 'active',
        ALTER COLUMN seller_id DROP NOT NULL,
        ALTER COLUMN title DROP NOT NULL,
        ALTER COLUMN description DROP NOT NULL,
        ALTER COLUMN category DROP NOT NULL,
        ALTER COLUMN country DROP NOT NULL,
        ALTER COLUMN condition DROP NOT NULL,
        ALTER COLUMN price DROP NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE alerts.products ALTER COLUMN listed SET DEFAULT false, ALTER COLUMN screened SET DEFAULT false`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM alerts.products WHERE NOT listed`);
    await queryRunner.query(`
      ALTER TABLE alerts.products
        ALTER COLUMN status DROP DEFAULT,
        DROP COLUMN listed,
        DROP COLUMN screened,
        DROP COLUMN reserved_until,
        DROP COLUMN reserved_sale_version,
        DROP COLUMN reservation_version,
        ALTER COLUMN seller_id SET NOT NULL,
        ALTER COLUMN title SET NOT NULL,
        ALTER COLUMN description SET NOT NULL,
        ALTER COLUMN category SET NOT NULL,
        ALTER COLUMN country SET NOT NULL,
        ALTER COLUMN condition SET NOT NULL,
        ALTER COLUMN price SET NOT NULL`);
  }
}

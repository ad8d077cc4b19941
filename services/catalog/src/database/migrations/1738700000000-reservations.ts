import { createIndexConcurrently, dropIndexConcurrently } from '@souvenir/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The seller reserves a listing for one buyer (`POST /api/products/{id}/reserve`):
 * - `reserved_for` and `reserved_until`: who may pay for it and until when (both set or both null). A reservation
 *   whose time has passed is read as none at once, whatever its clean-up job's delay.
 * - `reservation_version` counts the reservation's changes (reserved, extended, ended): its events carry it, and its
 *   end's job ends only the reservation it was scheduled for.
 * - `products_reserved_for_idx`: a block or an account deletion ends the reservations held for that person, found by
 *   the buyer (a few rows of the table at any time, hence partial).
 * The columns are nullable (or have a constant default), so adding them rewrites nothing; the check is added without
 * a scan and validated under a lock that writes do not wait for; the index is built concurrently.
 */
export class Reservations1738700000000 implements MigrationInterface {
  name = 'Reservations1738700000000';
  transaction = false;

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE catalog.products
        ADD COLUMN IF NOT EXISTS reserved_for uuid,
        ADD COLUMN IF NOT EXISTS reserved_until timestamptz,
        ADD COLUMN IF NOT EXISTS reservation_version integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE catalog.products DROP CONSTRAINT IF EXISTS products_reservation_check`);
    await queryRunner.query(`
      ALTER TABLE catalog.products ADD CONSTRAINT products_reservation_check
        CHECK ((reserved_for IS NULL) = (reserved_until IS NULL)) NOT VALID`);
    await queryRunner.query(`ALTER TABLE catalog.products VALIDATE CONSTRAINT products_reservation_check`);
    await createIndexConcurrently(
      queryRunner,
      'catalog',
      'products_reserved_for_idx',
      `catalog.products (reserved_for) WHERE reserved_for IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropIndexConcurrently(queryRunner, 'catalog', 'products_reserved_for_idx');
    await queryRunner.query(`
      ALTER TABLE catalog.products
        DROP CONSTRAINT IF EXISTS products_reservation_check,
        DROP COLUMN IF EXISTS reservation_version,
        DROP COLUMN IF EXISTS reserved_until,
        DROP COLUMN IF EXISTS reserved_for`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A seller edits a listing (`PATCH /api/products/{id}`):
 * - `edit_version` counts the edits; the updated event carries it, so read models apply edits in order.
 * - `previous_price` and `price_dropped_at`: the price before the last drop and when it dropped; cards strike the old
 *   price through for 7 days. A raise clears both. Read with the product's row only (no index needed).
 */
export class ListingEdits1737960000000 implements MigrationInterface {
  name = 'ListingEdits1737960000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE catalog.products
        ADD COLUMN edit_version integer NOT NULL DEFAULT 0,
        ADD COLUMN previous_price numeric(12,2),
        ADD COLUMN price_dropped_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE catalog.products
        DROP COLUMN edit_version, DROP COLUMN previous_price, DROP COLUMN price_dropped_at`);
  }
}

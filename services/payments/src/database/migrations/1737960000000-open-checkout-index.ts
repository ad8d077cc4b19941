import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Catalog asks, before a seller edits a listing, whether a buyer is paying for it now: the unpaid, unclosed orders of
 * one product, found by its key (a partial index: paid and closed orders, nearly all rows, are not in it).
 */
export class OpenCheckoutIndex1737960000000 implements MigrationInterface {
  name = 'OpenCheckoutIndex1737960000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX orders_open_checkout_idx ON payments.orders (product_id, updated_at)
        WHERE status IN ('pending', 'requires_action') AND closed_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX payments.orders_open_checkout_idx`);
  }
}

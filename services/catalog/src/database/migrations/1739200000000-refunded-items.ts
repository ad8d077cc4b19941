import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Items a claim refunded out of a bundle order whose other items were kept (payments' order changed → completed
 * with `refundedProductIds`): the order stays completed, so `refunded_orders` does not hold it, yet each of these
 * items may be put back on sale by its seller. Looked up by its key alone.
 */
export class RefundedItems1739200000000 implements MigrationInterface {
  name = 'RefundedItems1739200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE catalog.refunded_items (
        order_id uuid NOT NULL,
        product_id uuid NOT NULL,
        refunded_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (order_id, product_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE catalog.refunded_items`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders refunded after their sale (payments' order changed → refunded): the seller may put such a product back on
 * sale (`POST /api/products/{id}/relist`); a product sold by any other order may not. Looked up by its key alone.
 */
export class RefundedOrders1737060000000 implements MigrationInterface {
  name = 'RefundedOrders1737060000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE catalog.refunded_orders (order_id uuid PRIMARY KEY, refunded_at timestamptz NOT NULL DEFAULT now())`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE catalog.refunded_orders`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Relisting in any order of delivery. Order paid and order changed come through two durable consumers, so
 * after an outage a cancellation can be applied before the payment it undoes: `cancelled_orders` remembers every order
 * cancelled before shipping, and such an order no longer sells its product when its payment arrives late.
 * `sale_version` counts a product's sales and relistings; the sold and relisted events carry it, so a read model
 * keeps the newest whichever consumer delivers first.
 */
export class OrderSafeRelisting1734100000000 implements MigrationInterface {
  name = 'OrderSafeRelisting1734100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE catalog.products ADD COLUMN sale_version integer NOT NULL DEFAULT 0`);
    await queryRunner.query(
      `CREATE TABLE catalog.cancelled_orders (order_id uuid PRIMARY KEY, cancelled_at timestamptz NOT NULL DEFAULT now())`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE catalog.cancelled_orders`);
    await queryRunner.query(`ALTER TABLE catalog.products DROP COLUMN sale_version`);
  }
}

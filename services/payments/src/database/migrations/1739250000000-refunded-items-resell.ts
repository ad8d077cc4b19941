import type { MigrationInterface, QueryRunner } from 'typeorm';

const SOLD = `('paid', 'shipped', 'delivered', 'completed', 'disputed')`;

/**
 * A bundle's item refunded by a claim (the others kept) may be relisted and sold again, so it no longer holds its
 * sale: `order_items.sold` is false for a refunded item whatever its order's status (the trigger, and the rows
 * already refunded), and the order's own one-sale index leaves out an order a claim refunded in part, whose first
 * item may be the refunded one (its kept items are guarded by `order_items_one_sale_per_product_idx`, as every item).
 * The index holds only sold orders and is rebuilt in the migration's transaction, as payments' other indexes are
 * built: built concurrently, it left npm start's services waiting on each other's migrations in one CI run.
 */
export class RefundedItemsResell1739250000000 implements MigrationInterface {
  name = 'RefundedItemsResell1739250000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION payments.order_items_follow_status() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        item record;
        is_sold boolean := NEW.status IN ${SOLD};
      BEGIN
        -- One item at a time in product order: two sales racing for shared items meet on the same one first and one
        -- of them is refused by the index, instead of each holding an item the other waits for (a deadlock).
        -- A refunded item is sold no more: its seller may sell it again.
        FOR item IN SELECT id, (is_sold AND refunded_at IS NULL) AS sold_now FROM payments.order_items
                     WHERE order_id = NEW.id AND sold IS DISTINCT FROM (is_sold AND refunded_at IS NULL)
                     ORDER BY product_id LOOP
          UPDATE payments.order_items SET sold = item.sold_now WHERE id = item.id;
        END LOOP;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`UPDATE payments.order_items SET sold = false WHERE sold AND refunded_at IS NOT NULL`);
    await queryRunner.query(`DROP INDEX payments.orders_one_sale_per_product_idx`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX orders_one_sale_per_product_idx ON payments.orders (product_id)
      WHERE status IN ${SOLD} AND refund_cents IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX payments.orders_one_sale_per_product_idx`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX orders_one_sale_per_product_idx ON payments.orders (product_id) WHERE status IN ${SOLD}`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION payments.order_items_follow_status() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        item record;
        is_sold boolean := NEW.status IN ${SOLD};
      BEGIN
        FOR item IN SELECT id FROM payments.order_items WHERE order_id = NEW.id AND sold IS DISTINCT FROM is_sold
                     ORDER BY product_id LOOP
          UPDATE payments.order_items SET sold = is_sold WHERE id = item.id;
        END LOOP;
        RETURN NULL;
      END $$`);
  }
}

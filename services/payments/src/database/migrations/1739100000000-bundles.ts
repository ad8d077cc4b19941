import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bundles: several items of one seller in one order, and the seller's bundle discount.
 * - `order_items`: every order's items (a single checkout has one: its product columns, kept on the order as its first
 *   item so everything keyed by the order works unchanged), each with its price, its share of what the buyer paid
 *   (the discount spread pro rata) and whether it was refunded.
 * - One sale per product, per item: `orders_one_sale_per_product_idx` guards an order's first item; the same rule on
 *   `order_items.sold` guards every item of a bundle. `sold` follows its order's status by a trigger, so no code path
 *   that moves an order (payment, cancellation, refund, any later one) can forget it.
 * - `orders.discount_cents` (what the bundle discount took off) and `orders.refund_cents` (a partial refund decided on a
 *   claim about some items; null: the order's refund, if any, is the whole amount).
 * - `claims.product_ids`: the items a claim is about (null: all).
 * - `bundle_discounts`: each seller's discount, with a version per seller for catalog's copy.
 */
export class Bundles1739100000000 implements MigrationInterface {
  name = 'Bundles1739100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE payments.bundle_discounts (
        seller_id uuid PRIMARY KEY,
        min_items smallint NOT NULL CHECK (min_items BETWEEN 2 AND 10),
        percent smallint NOT NULL CHECK (percent BETWEEN 0 AND 50),
        version integer NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      ALTER TABLE payments.orders
        ADD COLUMN discount_cents bigint NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
        ADD COLUMN refund_cents bigint CHECK (refund_cents > 0)`);
    await queryRunner.query(`ALTER TABLE payments.claims ADD COLUMN product_ids uuid[]`);
    // The test-mode provider records how much it refunded, as Stripe's refund would show it.
    await queryRunner.query(`ALTER TABLE payments.test_intents ADD COLUMN refunded_cents bigint`);
    await queryRunner.query(`
      CREATE TABLE payments.order_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES payments.orders (id) ON DELETE CASCADE,
        position smallint NOT NULL,
        product_id uuid NOT NULL,
        title text NOT NULL,
        image text,
        price_cents bigint NOT NULL CHECK (price_cents >= 0),
        share_cents bigint NOT NULL CHECK (share_cents >= 0),
        sold boolean NOT NULL DEFAULT false,
        refunded_at timestamptz,
        UNIQUE (order_id, position),
        UNIQUE (order_id, product_id)
      )`);
    await queryRunner.query(`
      INSERT INTO payments.order_items (order_id, position, product_id, title, image, price_cents, share_cents, sold)
      SELECT id, 0, product_id, product_title, product_image, amount_cents, amount_cents,
             status IN ('paid', 'shipped', 'delivered', 'completed', 'disputed')
        FROM payments.orders`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX order_items_one_sale_per_product_idx ON payments.order_items (product_id) WHERE sold`,
    );
    // Checkouts of a product (closing them when it sells, an open checkout holding an edit) find their orders here.
    await queryRunner.query(`CREATE INDEX order_items_product_idx ON payments.order_items (product_id)`);
    await queryRunner.query(`
      CREATE FUNCTION payments.order_items_follow_status() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        item record;
        is_sold boolean := NEW.status IN ('paid', 'shipped', 'delivered', 'completed', 'disputed');
      BEGIN
        -- One item at a time in product order: two sales racing for shared items meet on the same one first and one
        -- of them is refused by the index, instead of each holding an item the other waits for (a deadlock).
        FOR item IN SELECT id FROM payments.order_items WHERE order_id = NEW.id AND sold IS DISTINCT FROM is_sold
                     ORDER BY product_id LOOP
          UPDATE payments.order_items SET sold = is_sold WHERE id = item.id;
        END LOOP;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER order_items_follow_status AFTER UPDATE OF status ON payments.orders
        FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
        EXECUTE FUNCTION payments.order_items_follow_status()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER order_items_follow_status ON payments.orders`);
    await queryRunner.query(`DROP FUNCTION payments.order_items_follow_status()`);
    await queryRunner.query(`DROP TABLE payments.order_items`);
    await queryRunner.query(`ALTER TABLE payments.test_intents DROP COLUMN refunded_cents`);
    await queryRunner.query(`ALTER TABLE payments.claims DROP COLUMN product_ids`);
    await queryRunner.query(`ALTER TABLE payments.orders DROP COLUMN discount_cents, DROP COLUMN refund_cents`);
    await queryRunner.query(`DROP TABLE payments.bundle_discounts`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order's life after the payment:
 * - the new statuses (shipped, delivered, completed, cancelled, disputed) and the order's due times, each one
 *   also a pg-boss job (see orders/order-jobs.ts): the column is the truth the job re-checks;
 * - `paid_at`: the order was paid once (lists show only such orders; a payment refunded because the item was sold
 *   to another buyer never was); `refunded_at`: the provider confirmed the refund of a cancelled/refunded order;
 * - the history of every transition and the buyer's claim;
 * - a product is sold once: one order per product in a sold status (cancelled orders put it back on sale);
 * - the test-mode provider counts refund calls (tests check that money is refunded at most once).
 */
export class OrderLifecycle1734000000000 implements MigrationInterface {
  name = 'OrderLifecycle1734000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE payments.orders DROP CONSTRAINT orders_status_check`);
    await queryRunner.query(`
      ALTER TABLE payments.orders ADD CONSTRAINT orders_status_check CHECK (status IN (
        'pending', 'requires_action', 'failed', 'paid', 'shipped', 'delivered', 'completed', 'cancelled', 'disputed', 'refunded'))`);
    await queryRunner.query(`
      ALTER TABLE payments.orders
        ADD COLUMN seller_name text,
        ADD COLUMN paid_at timestamptz,
        ADD COLUMN ship_by timestamptz,
        ADD COLUMN carrier text,
        ADD COLUMN tracking_number text,
        ADD COLUMN shipped_at timestamptz,
        ADD COLUMN delivered_by timestamptz,
        ADD COLUMN delivered_at timestamptz,
        ADD COLUMN claim_window_ends timestamptz,
        ADD COLUMN completed_at timestamptz,
        ADD COLUMN cancel_request_reason text,
        ADD COLUMN cancel_request_at timestamptz,
        ADD COLUMN cancel_request_expires timestamptz,
        ADD COLUMN refunded_at timestamptz`);
    // Orders paid before this migration: paid (no automatic ship deadline: nobody promised one to their seller).
    await queryRunner.query(`UPDATE payments.orders SET paid_at = updated_at WHERE status = 'paid'`);
    await queryRunner.query(`DROP INDEX payments.orders_one_paid_per_product_idx`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX orders_one_sale_per_product_idx ON payments.orders (product_id)
      WHERE status IN ('paid', 'shipped', 'delivered', 'completed', 'disputed')`);
    await queryRunner.query(`DROP INDEX payments.orders_buyer_idx`);
    await queryRunner.query(`DROP INDEX payments.orders_seller_idx`);
    await queryRunner.query(
      `CREATE INDEX orders_purchases_idx ON payments.orders (buyer_user_id, created_at DESC, id DESC) WHERE buyer_user_id IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX orders_sales_idx ON payments.orders (seller_id, created_at DESC, id DESC)`);
    await queryRunner.query(
      `CREATE INDEX orders_checkout_token_idx ON payments.orders (checkout_token_hash) WHERE checkout_token_hash IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE payments.order_history (
        id bigserial PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES payments.orders (id),
        at timestamptz NOT NULL DEFAULT now(),
        actor text NOT NULL CHECK (actor IN ('buyer', 'seller', 'support', 'system')),
        from_status text,
        to_status text NOT NULL,
        reason text
      )`);
    await queryRunner.query(`CREATE INDEX order_history_order_idx ON payments.order_history (order_id, id)`);
    await queryRunner.query(`
      CREATE TABLE payments.claims (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL UNIQUE REFERENCES payments.orders (id),
        reason text NOT NULL,
        description text NOT NULL,
        photos jsonb NOT NULL DEFAULT '[]',
        opened_at timestamptz NOT NULL DEFAULT now(),
        status text NOT NULL CHECK (status IN ('open', 'escalated', 'resolved')),
        seller_accept boolean,
        seller_statement text,
        seller_responded_at timestamptz,
        response_due timestamptz NOT NULL,
        decision_outcome text CHECK (decision_outcome IN ('refund', 'release')),
        decision_reason text,
        decided_at timestamptz,
        decided_by text CHECK (decided_by IN ('seller', 'support'))
      )`);
    // The support queue: unresolved claims, oldest first.
    await queryRunner.query(
      `CREATE INDEX claims_unresolved_idx ON payments.claims (opened_at, id) WHERE status <> 'resolved'`,
    );
    await queryRunner.query(`ALTER TABLE payments.test_intents ADD COLUMN refund_calls integer NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE payments.test_intents DROP COLUMN refund_calls`);
    await queryRunner.query(`DROP TABLE payments.claims`);
    await queryRunner.query(`DROP TABLE payments.order_history`);
    await queryRunner.query(`DROP INDEX payments.orders_checkout_token_idx`);
    await queryRunner.query(`DROP INDEX payments.orders_sales_idx`);
    await queryRunner.query(`DROP INDEX payments.orders_purchases_idx`);
    await queryRunner.query(
      `CREATE INDEX orders_buyer_idx ON payments.orders (buyer_user_id, created_at DESC) WHERE buyer_user_id IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX orders_seller_idx ON payments.orders (seller_id, created_at DESC)`);
    await queryRunner.query(`DROP INDEX payments.orders_one_sale_per_product_idx`);
    await queryRunner.query(
      `UPDATE payments.orders SET status = 'paid' WHERE status IN ('shipped', 'delivered', 'completed', 'disputed')`,
    );
    await queryRunner.query(`UPDATE payments.orders SET status = 'refunded' WHERE status = 'cancelled'`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX orders_one_paid_per_product_idx ON payments.orders (product_id) WHERE status = 'paid'`,
    );
    await queryRunner.query(`
      ALTER TABLE payments.orders DROP COLUMN seller_name, DROP COLUMN paid_at, DROP COLUMN ship_by, DROP COLUMN carrier,
        DROP COLUMN tracking_number, DROP COLUMN shipped_at, DROP COLUMN delivered_by, DROP COLUMN delivered_at,
        DROP COLUMN claim_window_ends, DROP COLUMN completed_at, DROP COLUMN cancel_request_reason, DROP COLUMN cancel_request_at,
        DROP COLUMN cancel_request_expires, DROP COLUMN refunded_at`);
    await queryRunner.query(`ALTER TABLE payments.orders DROP CONSTRAINT orders_status_check`);
    await queryRunner.query(
      `ALTER TABLE payments.orders ADD CONSTRAINT orders_status_check CHECK (status IN ('pending', 'requires_action', 'paid', 'failed', 'refunded'))`,
    );
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each seller's record: the counters of their track record and their standing (payout account active,
 * completed sales), moved in the transaction of every order transition and payout account change, so a profile reads
 * one row by primary key. Filled here once from the orders and accounts there are; every seller with a standing gets
 * it announced (`events.payments.seller-standing.changed`, version 1), so identity can give the Verified badge to
 * those who earned it before the badge was earned.
 */
export class SellerRecords1735100000000 implements MigrationInterface {
  name = 'SellerRecords1735100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE payments.seller_records (
        seller_id uuid PRIMARY KEY,
        payouts_active boolean NOT NULL DEFAULT false,
        completed_sales integer NOT NULL DEFAULT 0,
        shipped_orders integer NOT NULL DEFAULT 0,
        ship_seconds_total double precision NOT NULL DEFAULT 0,
        cancelled_unshipped integer NOT NULL DEFAULT 0,
        refunded_after_claim integer NOT NULL DEFAULT 0,
        closed_orders integer NOT NULL DEFAULT 0,
        standing_version integer NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      INSERT INTO payments.seller_records (seller_id, payouts_active, completed_sales, shipped_orders, ship_seconds_total,
                                           cancelled_unshipped, refunded_after_claim, closed_orders)
      SELECT seller_id, bool_or(active), sum(completed), sum(shipped), sum(ship_seconds), sum(cancelled_unshipped),
             sum(refunded_after_claim), sum(closed)
        FROM (
          SELECT o.seller_id, false AS active,
                 count(*) FILTER (WHERE o.status = 'completed') AS completed,
                 count(*) FILTER (WHERE o.shipped_at IS NOT NULL) AS shipped,
                 coalesce(sum(extract(epoch FROM o.shipped_at - o.paid_at)) FILTER (WHERE o.shipped_at IS NOT NULL), 0)
                   AS ship_seconds,
                 count(*) FILTER (WHERE o.status = 'cancelled' AND o.cancel_request_at IS NULL) AS cancelled_unshipped,
                 count(*) FILTER (WHERE o.status = 'refunded' AND c.order_id IS NOT NULL) AS refunded_after_claim,
                 count(*) FILTER (WHERE o.status = 'completed' OR o.status = 'cancelled'
                                   OR (o.status = 'refunded' AND c.order_id IS NOT NULL)) AS closed
            FROM payments.orders o LEFT JOIN payments.claims c ON c.order_id = o.id
           WHERE o.paid_at IS NOT NULL
           GROUP BY o.seller_id
          UNION ALL
          SELECT seller_id, status = 'active', 0, 0, 0, 0, 0, 0 FROM payments.payout_accounts
        ) AS parts
       GROUP BY seller_id`);
    await queryRunner.query(`
      WITH announced AS (
        UPDATE payments.seller_records SET standing_version = 1
         WHERE payouts_active OR completed_sales > 0
        RETURNING *)
      INSERT INTO payments.outbox_events (id, subject, payload)
      SELECT gen_random_uuid(), 'events.payments.seller-standing.changed', jsonb_build_object(
               'sellerId', seller_id, 'payoutsActive', payouts_active, 'completedSales', completed_sales,
               'version', standing_version,
               'occurredAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        FROM announced`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE payments.seller_records`);
  }
}

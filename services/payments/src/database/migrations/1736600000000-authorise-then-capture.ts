import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Authorise first, capture only the winner: an order records when its card was captured, which is when
 * the ledger's payment entry is posted. Every payment before this migration was captured when it was authorised.
 * The partial index serves the money sweep's search for sales whose capture is overdue. The test-mode provider
 * counts captures as it counts refunds, so tests see that each winner is captured once and no loser ever is.
 */
export class AuthoriseThenCapture1736600000000 implements MigrationInterface {
  name = 'AuthoriseThenCapture1736600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE payments.orders ADD COLUMN captured_at timestamptz`);
    await queryRunner.query(`UPDATE payments.orders SET captured_at = paid_at WHERE paid_at IS NOT NULL`);
    await queryRunner.query(
      `CREATE INDEX orders_capture_due_idx ON payments.orders (paid_at)
       WHERE paid_at IS NOT NULL AND captured_at IS NULL AND refunded_at IS NULL`,
    );
    await queryRunner.query(`ALTER TABLE payments.test_intents ADD COLUMN capture_calls integer NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE payments.test_intents DROP COLUMN capture_calls`);
    await queryRunner.query(`DROP INDEX payments.orders_capture_due_idx`);
    await queryRunner.query(`ALTER TABLE payments.orders DROP COLUMN captured_at`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Checkout under attack and load:
 * - cents as bigint (an integer column overflowed above $21,474,836.47);
 * - `closed_at`: the order can no longer be paid (its product was sold or removed); a payment that succeeds for it
 *   anyway is refunded, never turned into a sale;
 * - `checkout_token_hash`: a guest's open order is resumed only by the browser holding its token (sha-256 kept);
 * - `last_checked_at`: the payments sweep visits unpaid orders oldest-checked first;
 * - the test-mode provider's confirm step finds its intent by client secret.
 */
export class SafeCheckout1733000000000 implements MigrationInterface {
  name = 'SafeCheckout1733000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE payments.orders ALTER COLUMN amount_cents TYPE bigint`);
    await queryRunner.query(`ALTER TABLE payments.test_intents ALTER COLUMN amount_cents TYPE bigint`);
    await queryRunner.query(
      `ALTER TABLE payments.orders ADD COLUMN closed_at timestamptz, ADD COLUMN checkout_token_hash text, ADD COLUMN last_checked_at timestamptz`,
    );
    await queryRunner.query(`
      CREATE INDEX orders_unsettled_idx ON payments.orders (last_checked_at NULLS FIRST, created_at)
      WHERE status IN ('pending', 'requires_action', 'failed') AND provider_payment_id IS NOT NULL`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX test_intents_client_secret_idx ON payments.test_intents (client_secret)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX payments.test_intents_client_secret_idx`);
    await queryRunner.query(`DROP INDEX payments.orders_unsettled_idx`);
    await queryRunner.query(
      `ALTER TABLE payments.orders DROP COLUMN closed_at, DROP COLUMN checkout_token_hash, DROP COLUMN last_checked_at`,
    );
    await queryRunner.query(`ALTER TABLE payments.test_intents ALTER COLUMN amount_cents TYPE integer`);
    await queryRunner.query(`ALTER TABLE payments.orders ALTER COLUMN amount_cents TYPE integer`);
  }
}

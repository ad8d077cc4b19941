import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sellers get paid:
 * - `payout_accounts`: a seller's connected account at the provider and its status (from `account.updated`);
 * - `payouts`: one per completed order, the transfer of its money (less the fee) to the seller's account;
 * - `ledger_entries` / `ledger_lines`: the double-entry journal. Postgres itself refuses an entry whose lines do not
 *   sum to zero (a deferred constraint trigger, checked at commit) and any change to a line once written;
 * - orders: the charge a transfer is funded from, and a card dispute's state;
 * - the test-mode provider's connected accounts, onboarding links and transfers (it plays Stripe's part).
 */
export class PayoutsAndLedger1735000000000 implements MigrationInterface {
  name = 'PayoutsAndLedger1735000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE payments.orders
        ADD COLUMN provider_charge_id text,
        ADD COLUMN card_dispute_status text CHECK (card_dispute_status IN ('open', 'won', 'lost')),
        ADD COLUMN card_dispute_reason text,
        ADD COLUMN card_dispute_opened_at timestamptz,
        ADD COLUMN card_dispute_event_at bigint`);
    await queryRunner.query(
      `CREATE INDEX orders_charge_idx ON payments.orders (provider_charge_id) WHERE provider_charge_id IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX orders_card_disputes_idx ON payments.orders (card_dispute_opened_at, id) WHERE card_dispute_status = 'open'`,
    );
    await queryRunner.query(`
      CREATE TABLE payments.payout_accounts (
        seller_id uuid PRIMARY KEY,
        provider text NOT NULL,
        provider_account_id text NOT NULL UNIQUE,
        status text NOT NULL CHECK (status IN ('pending', 'active', 'restricted')),
        requirements_due jsonb NOT NULL DEFAULT '[]',
        bank_last4 text,
        last_event_at bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE payments.payouts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL UNIQUE REFERENCES payments.orders (id),
        seller_id uuid NOT NULL,
        amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
        fee_cents bigint NOT NULL CHECK (fee_cents >= 0),
        currency text NOT NULL,
        status text NOT NULL CHECK (status IN ('waiting', 'pending', 'paid', 'failed', 'reversed')),
        provider_transfer_id text,
        failure_message text,
        created_at timestamptz NOT NULL DEFAULT now(),
        paid_at timestamptz,
        reversed_at timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX payouts_seller_idx ON payments.payouts (seller_id, created_at DESC, id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX payouts_unpaid_idx ON payments.payouts (seller_id) WHERE status IN ('waiting', 'failed')`,
    );
    // The money sweep's two questions: payouts still on their way, and refunds decided but not confirmed.
    await queryRunner.query(
      `CREATE INDEX payouts_pending_idx ON payments.payouts (created_at) WHERE status = 'pending'`,
    );
    await queryRunner.query(`
      CREATE INDEX orders_refund_due_idx ON payments.orders (updated_at)
      WHERE status IN ('cancelled', 'refunded') AND paid_at IS NOT NULL AND refunded_at IS NULL`);
    await queryRunner.query(`
      CREATE TABLE payments.ledger_entries (
        id bigserial PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('payment', 'release', 'refund', 'transfer', 'transfer_reversal', 'chargeback')),
        idempotency_key text NOT NULL UNIQUE,
        order_id uuid NOT NULL REFERENCES payments.orders (id),
        payout_id uuid REFERENCES payments.payouts (id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX ledger_entries_order_idx ON payments.ledger_entries (order_id)`);
    await queryRunner.query(`
      CREATE TABLE payments.ledger_lines (
        entry_id bigint NOT NULL REFERENCES payments.ledger_entries (id),
        account text NOT NULL CHECK (account IN ('customer_payments', 'held', 'seller_balance', 'seller_paid_out', 'platform_fees')),
        seller_id uuid,
        amount_cents bigint NOT NULL CHECK (amount_cents <> 0),
        CHECK ((account IN ('customer_payments', 'platform_fees')) = (seller_id IS NULL)),
        UNIQUE (entry_id, account)
      )`);
    await queryRunner.query(
      `CREATE INDEX ledger_lines_seller_idx ON payments.ledger_lines (seller_id, account) INCLUDE (amount_cents) WHERE seller_id IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE FUNCTION payments.ledger_entry_must_balance() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF (SELECT sum(amount_cents) FROM payments.ledger_lines WHERE entry_id = NEW.entry_id) <> 0 THEN
          RAISE EXCEPTION 'ledger entry % does not balance', NEW.entry_id USING ERRCODE = '23514';
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE CONSTRAINT TRIGGER ledger_entry_balanced AFTER INSERT ON payments.ledger_lines
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION payments.ledger_entry_must_balance()`);
    await queryRunner.query(`
      CREATE FUNCTION payments.ledger_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = '42501';
      END $$`);
    for (const table of ['ledger_entries', 'ledger_lines']) {
      await queryRunner.query(`
        CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE ON payments.${table}
          FOR EACH ROW EXECUTE FUNCTION payments.ledger_is_append_only()`);
    }
    await queryRunner.query(`
      CREATE TABLE payments.test_accounts (
        id text PRIMARY KEY,
        idempotency_key text NOT NULL UNIQUE,
        email text,
        details jsonb,
        charges_enabled boolean NOT NULL DEFAULT false,
        payouts_enabled boolean NOT NULL DEFAULT false,
        details_submitted boolean NOT NULL DEFAULT false,
        currently_due jsonb NOT NULL DEFAULT '[]',
        disabled_reason text,
        bank_last4 text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE payments.test_account_links (
        token text PRIMARY KEY,
        account_id text NOT NULL REFERENCES payments.test_accounts (id),
        return_url text NOT NULL,
        refresh_url text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await queryRunner.query(`
      CREATE TABLE payments.test_transfers (
        id text PRIMARY KEY,
        idempotency_key text NOT NULL UNIQUE,
        destination text NOT NULL REFERENCES payments.test_accounts (id),
        amount_cents bigint NOT NULL,
        currency text NOT NULL,
        source_transaction text NOT NULL,
        transfer_group text NOT NULL,
        reversed boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE payments.test_transfers, payments.test_account_links, payments.test_accounts`);
    await queryRunner.query(`DROP TABLE payments.ledger_lines, payments.ledger_entries`);
    await queryRunner.query(`DROP FUNCTION payments.ledger_is_append_only(), payments.ledger_entry_must_balance()`);
    await queryRunner.query(`DROP TABLE payments.payouts, payments.payout_accounts`);
    await queryRunner.query(
      `DROP INDEX payments.orders_charge_idx, payments.orders_refund_due_idx, payments.orders_card_disputes_idx`,
    );
    await queryRunner.query(`
      ALTER TABLE payments.orders DROP COLUMN provider_charge_id, DROP COLUMN card_dispute_status, DROP COLUMN card_dispute_reason,
        DROP COLUMN card_dispute_opened_at, DROP COLUMN card_dispute_event_at`);
  }
}

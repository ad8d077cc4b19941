import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createPlatformTables, dropPlatformTables } from '@souvenir/platform';

export class CreatePayments1732600000000 implements MigrationInterface {
  name = 'CreatePayments1732600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE payments.orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        product_id uuid NOT NULL,
        product_title text NOT NULL,
        product_image text,
        seller_id uuid NOT NULL,
        buyer_user_id uuid,
        contact_email text NOT NULL,
        contact_first_name text NOT NULL,
        contact_last_name text NOT NULL,
        contact_phone text,
        billing_address jsonb NOT NULL,
        delivery_address jsonb NOT NULL,
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        currency text NOT NULL DEFAULT 'usd',
        provider text NOT NULL,
        provider_payment_id text UNIQUE,
        status text NOT NULL CHECK (status IN ('pending', 'requires_action', 'paid', 'failed', 'refunded')),
        failure_message text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A product is sold once: the second payment to succeed for it fails this index and is refunded.
    await queryRunner.query(
      `CREATE UNIQUE INDEX orders_one_paid_per_product_idx ON payments.orders (product_id) WHERE status = 'paid'`,
    );
    await queryRunner.query(
      `CREATE INDEX orders_buyer_idx ON payments.orders (buyer_user_id, created_at DESC) WHERE buyer_user_id IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX orders_seller_idx ON payments.orders (seller_id, created_at DESC)`);
    await queryRunner.query(
      `CREATE INDEX orders_product_open_idx ON payments.orders (product_id) WHERE status IN ('pending', 'requires_action', 'failed')`,
    );
    // Webhook deliveries already applied (Stripe retries and may deliver an event more than once).
    await queryRunner.query(`
      CREATE TABLE payments.processed_provider_events (
        provider text NOT NULL,
        event_id text NOT NULL,
        type text NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (provider, event_id)
      )`);
    // The built-in test-mode provider's intents: in the database so that every replica agrees.
    await queryRunner.query(`
      CREATE TABLE payments.test_intents (
        id text PRIMARY KEY,
        client_secret text NOT NULL,
        idempotency_key text NOT NULL UNIQUE,
        amount_cents integer NOT NULL,
        currency text NOT NULL,
        status text NOT NULL,
        last_error text,
        refunded boolean NOT NULL DEFAULT false,
        metadata jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await createPlatformTables(queryRunner, 'payments');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropPlatformTables(queryRunner, 'payments');
    await queryRunner.query(`DROP TABLE payments.test_intents`);
    await queryRunner.query(`DROP TABLE payments.processed_provider_events`);
    await queryRunner.query(`DROP TABLE payments.orders`);
  }
}

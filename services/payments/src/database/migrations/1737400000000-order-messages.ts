import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OrderMessages1737400000000 implements MigrationInterface {
  name = 'OrderMessages1737400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // What an order's buyer and seller write to each other on the order page. A guest buyer has no account for
    // messaging to key a conversation by, so these are kept on the order, with the same access as the order itself.
    await queryRunner.query(`
      CREATE TABLE payments.order_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES payments.orders (id) ON DELETE CASCADE,
        author text NOT NULL CHECK (author IN ('buyer', 'seller')),
        content text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    // An order's messages are read newest first a page at a time (keyset on created_at, id).
    await queryRunner.query(
      `CREATE INDEX order_messages_order_idx ON payments.order_messages (order_id, created_at DESC, id DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE payments.order_messages`);
  }
}

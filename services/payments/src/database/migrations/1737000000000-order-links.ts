import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OrderLinks1737000000000 implements MigrationInterface {
  name = 'OrderLinks1737000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A guest's private order links sent by e-mail (the receipt, "Find my order"). Each mail gets its own
    // random token; only its sha-256 is kept, and it opens only that guest order, like the checkout token does.
    await queryRunner.query(`
      CREATE TABLE payments.order_links (
        token_hash text PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES payments.orders (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX order_links_order_idx ON payments.order_links (order_id)`);
    // "Find my order" looks a guest's paid orders up by the address they paid with, whatever its case.
    await queryRunner.query(
      `CREATE INDEX orders_guest_email_idx ON payments.orders (lower(contact_email), paid_at DESC)
       WHERE buyer_user_id IS NULL AND paid_at IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX payments.orders_guest_email_idx`);
    await queryRunner.query(`DROP TABLE payments.order_links`);
  }
}

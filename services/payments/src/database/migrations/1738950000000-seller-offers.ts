import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The seller's offer to everyone who favourited an item:
 * - offers gain `origin` ('buyer', or 'seller' for the seller's offer to a favouriter, which waits for the buyer);
 * - `offer_rounds`: one row per round sent, read (latest first, offer_rounds_product_idx) to allow one per item a day.
 */
export class SellerOffers1738950000000 implements MigrationInterface {
  name = 'SellerOffers1738950000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE payments.offers ADD COLUMN origin text NOT NULL DEFAULT 'buyer'
      CONSTRAINT offers_origin_known CHECK (origin IN ('buyer', 'seller'))`);
    await queryRunner.query(`
      CREATE TABLE payments.offer_rounds (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        product_id uuid NOT NULL,
        seller_id uuid NOT NULL,
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        sent integer NOT NULL CHECK (sent >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX offer_rounds_product_idx ON payments.offer_rounds (product_id, created_at DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE payments.offer_rounds`);
    await queryRunner.query(`ALTER TABLE payments.offers DROP COLUMN origin`);
  }
}

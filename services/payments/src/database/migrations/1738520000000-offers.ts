import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Offers: one row per offer, its amount on the table now (the buyer's, or the seller's counter) and the
 * deadline of its state (`expires_at`: the answer is due, or an accepted offer must be paid). The item's title, image
 * and the two names are copied in when it is made, so the lists need no other service. Indexed for each query: the
 * buyer's and the seller's lists (keyset on created_at, id), a buyer's offers on one item (the limit of three), and
 * the open offers of an item (a sale ends them).
 */
export class Offers1738520000000 implements MigrationInterface {
  name = 'Offers1738520000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE payments.offers (
         id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
         product_id uuid NOT NULL,
         product_title text NOT NULL,
         product_image text,
         list_price_cents integer NOT NULL CHECK (list_price_cents > 0),
         seller_id uuid NOT NULL,
         seller_first_name text NOT NULL,
         seller_last_name text NOT NULL,
         buyer_id uuid NOT NULL CHECK (buyer_id <> seller_id),
         buyer_first_name text NOT NULL,
         buyer_last_name text NOT NULL,
         offered_cents integer NOT NULL CHECK (offered_cents > 0),
         amount_cents integer NOT NULL CHECK (amount_cents > 0 AND amount_cents <= list_price_cents),
         currency text NOT NULL DEFAULT 'usd',
         status text NOT NULL CHECK (status IN
           ('pending', 'countered', 'accepted', 'purchased', 'declined', 'withdrawn', 'expired', 'ended')),
         expires_at timestamptz NOT NULL,
         created_at timestamptz NOT NULL DEFAULT now(),
         updated_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    await queryRunner.query(`CREATE INDEX offers_buyer_idx ON payments.offers (buyer_id, created_at DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX offers_seller_idx ON payments.offers (seller_id, created_at DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX offers_product_buyer_idx ON payments.offers (product_id, buyer_id)`);
    await queryRunner.query(
      `CREATE INDEX offers_open_idx ON payments.offers (product_id)
        WHERE status IN ('pending', 'countered', 'accepted')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE payments.offers`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Offers on a bundle. `offers` keeps its lead item in its product columns (the conversation about that item shows the
 * offer), `list_price_cents` becomes what the items cost without the offer (the bundle's price after the seller's
 * discount: the bound of the amount and of counters) and `item_count` says how many items it holds. `offer_items`
 * holds a bundle offer's items as they were offered (title, image, price, position; an offer on one item has none:
 * its product columns are its one item). `offer_items_product_idx` finds the offers that include an item (a sale, a
 * removal or a reservation ends the open ones; a buyer's offers on an item count towards the three per item).
 */
export class BundleOffers1739200000000 implements MigrationInterface {
  name = 'BundleOffers1739200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE payments.offers ADD COLUMN item_count smallint NOT NULL DEFAULT 1 CHECK (item_count BETWEEN 1 AND 10)`,
    );
    await queryRunner.query(`
      CREATE TABLE payments.offer_items (
        offer_id uuid NOT NULL REFERENCES payments.offers (id) ON DELETE CASCADE,
        position smallint NOT NULL CHECK (position BETWEEN 0 AND 9),
        product_id uuid NOT NULL,
        title text NOT NULL,
        image text,
        price_cents integer NOT NULL CHECK (price_cents >= 0),
        PRIMARY KEY (offer_id, position),
        UNIQUE (offer_id, product_id)
      )`);
    await queryRunner.query(`CREATE INDEX offer_items_product_idx ON payments.offer_items (product_id, offer_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE payments.offer_items`);
    await queryRunner.query(`ALTER TABLE payments.offers DROP COLUMN item_count`);
  }
}

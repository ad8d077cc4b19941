import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Price drops: a bell kind of their own, and one row per product and UTC day a drop was announced, so its
 * favouriters are told at most once a day per item however often the seller lowers the price (the key, not memory,
 * decides; a redelivered event finds its row and tells nobody twice).
 */
export class PriceDrops1738400000000 implements MigrationInterface {
  name = 'PriceDrops1738400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notifications.notifications DROP CONSTRAINT notifications_kind_check`);
    await queryRunner.query(
      `ALTER TABLE notifications.notifications ADD CONSTRAINT notifications_kind_check
       CHECK (kind IN ('sale', 'order', 'payout', 'review', 'account', 'priceDrop'))`,
    );
    await queryRunner.query(
      `CREATE TABLE notifications.price_drop_notices (
         product_id uuid NOT NULL,
         day date NOT NULL,
         created_at timestamptz NOT NULL DEFAULT now(),
         PRIMARY KEY (product_id, day)
       )`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE notifications.price_drop_notices`);
    await queryRunner.query(`DELETE FROM notifications.notifications WHERE kind = 'priceDrop'`);
    await queryRunner.query(`ALTER TABLE notifications.notifications DROP CONSTRAINT notifications_kind_check`);
    await queryRunner.query(
      `ALTER TABLE notifications.notifications ADD CONSTRAINT notifications_kind_check
       CHECK (kind IN ('sale', 'order', 'payout', 'review', 'account'))`,
    );
  }
}

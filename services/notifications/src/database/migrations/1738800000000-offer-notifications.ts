import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Offers (payments' offer changed): a bell kind of their own, decided by the `offers` setting. */
export class OfferNotifications1738800000000 implements MigrationInterface {
  name = 'OfferNotifications1738800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notifications.notifications DROP CONSTRAINT notifications_kind_check`);
    await queryRunner.query(
      `ALTER TABLE notifications.notifications ADD CONSTRAINT notifications_kind_check
       CHECK (kind IN ('sale', 'order', 'payout', 'review', 'account', 'priceDrop', 'reservation', 'offer'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM notifications.notifications WHERE kind = 'offer'`);
    await queryRunner.query(`ALTER TABLE notifications.notifications DROP CONSTRAINT notifications_kind_check`);
    await queryRunner.query(
      `ALTER TABLE notifications.notifications ADD CONSTRAINT notifications_kind_check
       CHECK (kind IN ('sale', 'order', 'payout', 'review', 'account', 'priceDrop', 'reservation'))`,
    );
  }
}

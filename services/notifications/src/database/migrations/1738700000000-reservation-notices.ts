import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Reservations: the buyer's bell says the seller reserved an item for them (a bell kind of its own). */
export class ReservationNotices1738700000000 implements MigrationInterface {
  name = 'ReservationNotices1738700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notifications.notifications DROP CONSTRAINT notifications_kind_check`);
    await queryRunner.query(
      `ALTER TABLE notifications.notifications ADD CONSTRAINT notifications_kind_check
       CHECK (kind IN ('sale', 'order', 'payout', 'review', 'account', 'priceDrop', 'reservation'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM notifications.notifications WHERE kind = 'reservation'`);
    await queryRunner.query(`ALTER TABLE notifications.notifications DROP CONSTRAINT notifications_kind_check`);
    await queryRunner.query(
      `ALTER TABLE notifications.notifications ADD CONSTRAINT notifications_kind_check
       CHECK (kind IN ('sale', 'order', 'payout', 'review', 'account', 'priceDrop'))`,
    );
  }
}

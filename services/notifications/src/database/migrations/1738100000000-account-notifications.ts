import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The account in the bell: a person's data archive is ready to download. */
export class AccountNotifications1738100000000 implements MigrationInterface {
  name = 'AccountNotifications1738100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notifications.notifications DROP CONSTRAINT notifications_kind_check`);
    await queryRunner.query(
      `ALTER TABLE notifications.notifications ADD CONSTRAINT notifications_kind_check
       CHECK (kind IN ('sale', 'order', 'payout', 'review', 'account'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM notifications.notifications WHERE kind = 'account'`);
    await queryRunner.query(`ALTER TABLE notifications.notifications DROP CONSTRAINT notifications_kind_check`);
    await queryRunner.query(
      `ALTER TABLE notifications.notifications ADD CONSTRAINT notifications_kind_check
       CHECK (kind IN ('sale', 'order', 'payout', 'review'))`,
    );
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ReviewNotifications1736200000000 implements MigrationInterface {
  name = 'ReviewNotifications1736200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Reviews in the bell: written about you, yours published, yours to write.
    await queryRunner.query(`ALTER TABLE notifications.notifications DROP CONSTRAINT notifications_kind_check`);
    await queryRunner.query(
      `ALTER TABLE notifications.notifications ADD CONSTRAINT notifications_kind_check
       CHECK (kind IN ('sale', 'order', 'payout', 'review'))`,
    );
    // People's first names, from identity's events, for the sentences that name someone ("Ana reviewed you");
    // `version` keeps the newest whatever order the events arrive in. Read by primary key only.
    await queryRunner.query(`
      CREATE TABLE notifications.user_names (
        user_id uuid PRIMARY KEY,
        first_name text NOT NULL,
        version int NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE notifications.user_names`);
    await queryRunner.query(`DELETE FROM notifications.notifications WHERE kind = 'review'`);
    await queryRunner.query(`ALTER TABLE notifications.notifications DROP CONSTRAINT notifications_kind_check`);
    await queryRunner.query(
      `ALTER TABLE notifications.notifications ADD CONSTRAINT notifications_kind_check
       CHECK (kind IN ('sale', 'order', 'payout'))`,
    );
  }
}

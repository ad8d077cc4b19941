import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Saved searches' alerts (alerts' `saved-search.matched`): a bell kind of their own, and their e-mail, at most one per
 * saved search a day digesting what matched meanwhile. `saved_search_mail_items` holds the matches waiting for their
 * search's mail; `saved_search_mails` one row per search with when its last mail went and when the next is due (a
 * pg-boss job, created with the first waiting item).
 */
export class SavedSearchMatches1738900000000 implements MigrationInterface {
  name = 'SavedSearchMatches1738900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notifications.notifications DROP CONSTRAINT notifications_kind_check`);
    await queryRunner.query(
      `ALTER TABLE notifications.notifications ADD CONSTRAINT notifications_kind_check
       CHECK (kind IN ('sale', 'order', 'payout', 'review', 'account', 'priceDrop', 'reservation', 'offer', 'savedSearchMatch'))`,
    );
    await queryRunner.query(`
      CREATE TABLE notifications.saved_search_mails (
        saved_search_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        label text NOT NULL,
        last_sent_at timestamptz,
        due_at timestamptz
      )`);
    // An erased account's rows.
    await queryRunner.query(`CREATE INDEX saved_search_mails_user_idx ON notifications.saved_search_mails (user_id)`);
    await queryRunner.query(`
      CREATE TABLE notifications.saved_search_mail_items (
        match_id uuid PRIMARY KEY,
        saved_search_id uuid NOT NULL,
        product_id uuid NOT NULL,
        title text NOT NULL,
        price text NOT NULL,
        occurred_at timestamptz NOT NULL
      )`);
    // A search's waiting items (its mail), and an item that left sale leaving every mail.
    await queryRunner.query(
      `CREATE INDEX saved_search_mail_items_search_idx ON notifications.saved_search_mail_items (saved_search_id)`,
    );
    await queryRunner.query(
      `CREATE INDEX saved_search_mail_items_product_idx ON notifications.saved_search_mail_items (product_id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE notifications.saved_search_mail_items`);
    await queryRunner.query(`DROP TABLE notifications.saved_search_mails`);
    await queryRunner.query(`DELETE FROM notifications.notifications WHERE kind = 'savedSearchMatch'`);
    await queryRunner.query(`ALTER TABLE notifications.notifications DROP CONSTRAINT notifications_kind_check`);
    await queryRunner.query(
      `ALTER TABLE notifications.notifications ADD CONSTRAINT notifications_kind_check
       CHECK (kind IN ('sale', 'order', 'payout', 'review', 'account', 'priceDrop', 'reservation', 'offer'))`,
    );
  }
}

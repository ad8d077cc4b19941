import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Reported reviews and support's moderation, and the once-per-person review reminder. */
export class ReportsAndReminders1735100000000 implements MigrationInterface {
  name = 'ReportsAndReminders1735100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // hidden_at: support hid the review (out of every list and of the rating). reported_at: the oldest open report,
    // null when none is open (the support queue's order).
    await queryRunner.query(
      `ALTER TABLE reviews.reviews ADD COLUMN hidden_at timestamptz, ADD COLUMN reported_at timestamptz`,
    );
    // The Reviews tab reads visible published reviews only: the index leaves hidden ones out.
    await queryRunner.query(`DROP INDEX reviews.reviews_subject_published_idx`);
    await queryRunner.query(
      `CREATE INDEX reviews_subject_published_idx ON reviews.reviews (subject_id, published_at DESC, id DESC)
       WHERE published_at IS NOT NULL AND hidden_at IS NULL`,
    );
    // The support queue: reviews with open reports, oldest report first (keyset).
    await queryRunner.query(
      `CREATE INDEX reviews_reported_idx ON reviews.reviews (reported_at, id) WHERE reported_at IS NOT NULL`,
    );
    // One report per person and review; closed_at is set when support hides the review or dismisses its reports.
    await queryRunner.query(`
      CREATE TABLE reviews.review_reports (
        review_id uuid NOT NULL REFERENCES reviews.reviews (id),
        reporter_id uuid NOT NULL,
        reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 500),
        created_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz,
        PRIMARY KEY (review_id, reporter_id)
      )`);
    // A review's open reports, oldest first.
    await queryRunner.query(
      `CREATE INDEX review_reports_open_idx ON reviews.review_reports (review_id, created_at)
       WHERE closed_at IS NULL`,
    );
    // The reminder sent to one person of one order: its row makes the reminder happen once, however often the job runs.
    await queryRunner.query(`
      CREATE TABLE reviews.reminders (
        order_id uuid NOT NULL REFERENCES reviews.orders (order_id),
        user_id uuid NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (order_id, user_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE reviews.reminders`);
    await queryRunner.query(`DROP TABLE reviews.review_reports`);
    await queryRunner.query(`DROP INDEX reviews.reviews_reported_idx`);
    await queryRunner.query(`DROP INDEX reviews.reviews_subject_published_idx`);
    await queryRunner.query(
      `CREATE INDEX reviews_subject_published_idx ON reviews.reviews (subject_id, published_at DESC, id DESC)
       WHERE published_at IS NOT NULL`,
    );
    await queryRunner.query(`ALTER TABLE reviews.reviews DROP COLUMN reported_at, DROP COLUMN hidden_at`);
  }
}

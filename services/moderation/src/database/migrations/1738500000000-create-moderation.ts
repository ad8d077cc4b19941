import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateModeration1738500000000 implements MigrationInterface {
  name = 'CreateModeration1738500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One case per reported subject: its owner, what it looked like when first reported, and its place in the queue.
    await queryRunner.query(`
      CREATE TABLE moderation.cases (
        id uuid PRIMARY KEY,
        subject_type text NOT NULL CHECK (subject_type IN ('user', 'product', 'message', 'review')),
        subject_id uuid NOT NULL,
        owner_id uuid NOT NULL,
        snapshot jsonb NOT NULL,
        status text NOT NULL CHECK (status IN ('open', 'decided', 'appealed')),
        origin text NOT NULL DEFAULT 'reports' CHECK (origin IN ('reports', 'held', 'shield')),
        matched_keywords text[] NOT NULL DEFAULT '{}',
        queued_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (subject_type, subject_id)
      )`);
    // Support's queue: cases waiting for a decision, oldest first (keyset).
    await queryRunner.query(
      `CREATE INDEX cases_queue_idx ON moderation.cases (queued_at, id) WHERE status IN ('open', 'appealed')`,
    );
    // The subject's history (earlier cases about the same person) and their account's erasure.
    await queryRunner.query(`CREATE INDEX cases_owner_idx ON moderation.cases (owner_id)`);
    await queryRunner.query(`
      CREATE TABLE moderation.reports (
        id uuid PRIMARY KEY,
        case_id uuid NOT NULL REFERENCES moderation.cases (id),
        reporter_id uuid NOT NULL,
        reason text NOT NULL CHECK (reason IN
          ('prohibited-item', 'counterfeit', 'scam-or-outside-payment', 'harassment', 'spam', 'other')),
        details text CHECK (char_length(details) <= 1000),
        created_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz,
        decision_id uuid
      )`);
    // One open report per reporter and subject (a case is one subject): a second is refused by this index.
    await queryRunner.query(
      `CREATE UNIQUE INDEX reports_one_open_idx ON moderation.reports (reporter_id, case_id) WHERE closed_at IS NULL`,
    );
    // A case's open reports, oldest first.
    await queryRunner.query(
      `CREATE INDEX reports_case_open_idx ON moderation.reports (case_id, created_at) WHERE closed_at IS NULL`,
    );
    // The reporter's history, their export and erasure.
    await queryRunner.query(`CREATE INDEX reports_reporter_idx ON moderation.reports (reporter_id, created_at, id)`);
    await queryRunner.query(`
      CREATE TABLE moderation.decisions (
        id uuid PRIMARY KEY,
        case_id uuid NOT NULL REFERENCES moderation.cases (id),
        report_id uuid NOT NULL REFERENCES moderation.reports (id),
        action text NOT NULL CHECK (action IN ('dismiss', 'hide', 'suspend')),
        reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 500),
        decided_by uuid NOT NULL,
        decided_at timestamptz NOT NULL DEFAULT now(),
        appeal_message text CHECK (char_length(appeal_message) <= 1000),
        appealed_at timestamptz
      )`);
    // A case's decisions, newest first (the appeal reads the latest; the history counts actions).
    await queryRunner.query(`CREATE INDEX decisions_case_idx ON moderation.decisions (case_id, decided_at DESC)`);
    // Who is suspended (shown in the queue; identity holds the sign-in refusal).
    await queryRunner.query(`
      CREATE TABLE moderation.suspensions (
        user_id uuid PRIMARY KEY,
        decision_id uuid NOT NULL REFERENCES moderation.decisions (id),
        suspended_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The prohibited-keywords list, edited by support; matched case- and accent-insensitively.
    await queryRunner.query(`
      CREATE TABLE moderation.keywords (
        keyword text PRIMARY KEY CHECK (char_length(keyword) BETWEEN 2 AND 60),
        added_by uuid NOT NULL,
        added_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE moderation.keywords`);
    await queryRunner.query(`DROP TABLE moderation.suspensions`);
    await queryRunner.query(`DROP TABLE moderation.decisions`);
    await queryRunner.query(`DROP TABLE moderation.reports`);
    await queryRunner.query(`DROP TABLE moderation.cases`);
  }
}

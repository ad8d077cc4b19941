import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Away mode, kept on the seller's row (products already join it, so every product read says whether its seller is
 * away without another lookup):
 * - `away_until`: the return date (a calendar day, UTC); the seller is away while it is after today. Null: not away.
 * - `away_message`: the automatic reply (messaging keeps a copy from the event).
 * - `away_version`: grows with every change; the event carries it, and the return job ends only the period it was
 *   made for (a seller who changed their dates meanwhile has a newer job).
 */
export class AwayMode1738600000000 implements MigrationInterface {
  name = 'AwayMode1738600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE catalog.sellers
        ADD COLUMN away_until date,
        ADD COLUMN away_message text CONSTRAINT sellers_away_message_length CHECK (char_length(away_message) <= 500),
        ADD COLUMN away_version integer NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE catalog.sellers DROP COLUMN away_until, DROP COLUMN away_message,
      DROP COLUMN away_version`);
  }
}

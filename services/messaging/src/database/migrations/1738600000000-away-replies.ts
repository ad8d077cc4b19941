import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Away mode's automatic reply (API.md, Turn 3):
 * - `away_users`: read model of catalog's `seller.away-changed` (return date and message, newest version kept).
 * - `away_replies`: one row per conversation (the away person, the writer, the product) and UTC day that got the
 *   reply; its primary key is what makes the reply at most once a day per conversation, whatever replicas race.
 * - messages gain the kind 'automatic': the away person's message, written by nobody.
 */
export class AwayReplies1738600000000 implements MigrationInterface {
  name = 'AwayReplies1738600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE messaging.away_users (
        user_id uuid PRIMARY KEY,
        until date,
        message text,
        version integer NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE messaging.away_replies (
        away_user_id uuid NOT NULL,
        other_user_id uuid NOT NULL,
        product_id uuid NOT NULL,
        day date NOT NULL,
        PRIMARY KEY (away_user_id, other_user_id, product_id, day)
      )`);
    await queryRunner.query(`ALTER TABLE messaging.messages DROP CONSTRAINT messages_kind_known,
      ADD CONSTRAINT messages_kind_known CHECK (kind IN ('user', 'system', 'automatic'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM messaging.messages WHERE kind = 'automatic'`);
    await queryRunner.query(`ALTER TABLE messaging.messages DROP CONSTRAINT messages_kind_known,
      ADD CONSTRAINT messages_kind_known CHECK (kind IN ('user', 'system'))`);
    await queryRunner.query(`DROP TABLE messaging.away_replies`);
    await queryRunner.query(`DROP TABLE messaging.away_users`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The contact-details shield. A caught message keeps the sender's words in `content` (what they and support read) and
 * what its recipient reads in `masked_content`, with what was found in `shield_findings` (NULL: nothing). Support's
 * queue reads flagged messages newest first through messages_flagged_recent, a partial index of flagged rows only.
 *
 * `completed_pairs` is the read model of who completed an order together (payments' order.changed to completed),
 * each pair once, lower id first; the shield stays off between them. Filled from the order notes already here
 * ("Order completed." and a claim closed in the seller's favour are the two ways an order completes), since the
 * order events before this migration were consumed already.
 */
export class ContactShieldAndBlocks1738300000000 implements MigrationInterface {
  name = 'ContactShieldAndBlocks1738300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE messaging.messages ADD COLUMN masked_content text, ADD COLUMN shield_findings text[]`,
    );
    await queryRunner.query(
      `CREATE INDEX messages_flagged_recent ON messaging.messages (created_at DESC, id DESC)
        WHERE shield_findings IS NOT NULL`,
    );
    await queryRunner.query(`CREATE TABLE messaging.completed_pairs (
      user_low uuid NOT NULL,
      user_high uuid NOT NULL,
      completed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_low, user_high),
      CONSTRAINT completed_pairs_ordered CHECK (user_low < user_high))`);
    await queryRunner.query(`
      INSERT INTO messaging.completed_pairs (user_low, user_high, completed_at)
      SELECT least(from_user_id, to_user_id), greatest(from_user_id, to_user_id), min(created_at)
        FROM messaging.messages
       WHERE kind = 'system' AND from_user_id <> to_user_id
         AND (content = 'Order completed.' OR content LIKE 'Claim closed, payment released to the seller%')
       GROUP BY 1, 2
      ON CONFLICT DO NOTHING`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE messaging.completed_pairs`);
    await queryRunner.query(`DROP INDEX messaging.messages_flagged_recent`);
    await queryRunner.query(`ALTER TABLE messaging.messages DROP COLUMN masked_content, DROP COLUMN shield_findings`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Messages gain the kind 'offer': a step of an offer on the item between the two people (payments' offer changed),
 * kept in the same table so the conversation triggers, unread counts and inbox versions treat it as any message.
 */
export class OfferNotes1738950000000 implements MigrationInterface {
  name = 'OfferNotes1738950000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE messaging.messages DROP CONSTRAINT messages_kind_known,
      ADD CONSTRAINT messages_kind_known CHECK (kind IN ('user', 'system', 'automatic', 'offer'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM messaging.messages WHERE kind = 'offer'`);
    await queryRunner.query(`ALTER TABLE messaging.messages DROP CONSTRAINT messages_kind_known,
      ADD CONSTRAINT messages_kind_known CHECK (kind IN ('user', 'system', 'automatic'))`);
  }
}

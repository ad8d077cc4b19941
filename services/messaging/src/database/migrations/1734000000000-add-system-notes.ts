import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A message is written by a person ('user') or is a system note about the product's order ('system': "Order shipped
 * with DHL 123"), kept in the same table so the conversation triggers, unread counts and inbox versions treat
 * it as any message.
 */
export class AddSystemNotes1734000000000 implements MigrationInterface {
  name = 'AddSystemNotes1734000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE messaging.messages ADD COLUMN kind text NOT NULL DEFAULT 'user'
      CONSTRAINT messages_kind_known CHECK (kind IN ('user', 'system'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE messaging.messages DROP COLUMN kind`);
  }
}

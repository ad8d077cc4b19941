import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Support hid the listing or suspended its seller (moderation's decision): a removed listing with this set cannot be
 * relisted by its seller, and a sold one whose order is cancelled does not go back on sale.
 */
export class ModeratedListings1738500000000 implements MigrationInterface {
  name = 'ModeratedListings1738500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE catalog.products ADD COLUMN moderated_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE catalog.products DROP COLUMN moderated_at`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Support hid the listing or suspended its seller (moderation's decision): a removed listing with this set cannot be
 * relisted by its seller, and a sold one whose order is cancelled does not go back on sale. `held_at`: a new listing
 * matched the prohibited-keywords list and waits for support (off sale; support's dismissal puts it back).
 */
export class ModeratedListings1738500000000 implements MigrationInterface {
  name = 'ModeratedListings1738500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE catalog.products ADD COLUMN moderated_at timestamptz, ADD COLUMN held_at timestamptz`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE catalog.products DROP COLUMN held_at, DROP COLUMN moderated_at`);
  }
}

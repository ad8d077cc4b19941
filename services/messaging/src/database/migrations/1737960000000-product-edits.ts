import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A seller edits a listing: its new title reaches the conversations about it. `edit_version` is catalog's count of
 * the listing's edits, so an older edit (or the listing's own first event, arriving late) never overwrites a newer
 * title.
 */
export class ProductEdits1737960000000 implements MigrationInterface {
  name = 'ProductEdits1737960000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE messaging.products ADD COLUMN edit_version integer NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE messaging.products DROP COLUMN edit_version`);
  }
}

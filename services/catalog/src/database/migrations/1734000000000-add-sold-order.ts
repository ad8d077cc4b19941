import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order that sold a product: a cancelled order puts its product back on sale only if that order is the
 * one that sold it, so a late or repeated cancellation of another order never relists a product sold again since.
 * Products sold before this column have none; their one paid order is the one that sold them.
 */
export class AddSoldOrder1734000000000 implements MigrationInterface {
  name = 'AddSoldOrder1734000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE catalog.products ADD COLUMN sold_order_id uuid`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE catalog.products DROP COLUMN sold_order_id`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Favourites of a sold product are held, not dropped: a sale can be undone (its order cancelled before
 * shipping puts the product back on sale), and then the people who had favourited it have it back in their tab.
 */
export class AddHeldBySale1734000000000 implements MigrationInterface {
  name = 'AddHeldBySale1734000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE favourites.favourites ADD COLUMN held_by_sale boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `CREATE INDEX favourites_product_held_idx ON favourites.favourites (product_id) WHERE held_by_sale`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE favourites.favourites DROP COLUMN held_by_sale`);
  }
}

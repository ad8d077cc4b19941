import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A price drop tells everyone who favourited the product: its active favouriters, a keyset page at a time by user id.
 * (The index on the product alone answers them unordered.)
 */
export class FavouritersIndex1737970000000 implements MigrationInterface {
  name = 'FavouritersIndex1737970000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX favourites_product_users_idx ON favourites.favourites (product_id, user_id) WHERE is_active`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX favourites.favourites_product_users_idx`);
  }
}

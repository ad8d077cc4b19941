import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createPlatformTables, dropPlatformTables } from '@souvenir/platform';

export class CreateFavourites1732310000000 implements MigrationInterface {
  name = 'CreateFavourites1732310000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE favourites.favourites (
        user_id uuid NOT NULL,
        product_id uuid NOT NULL,
        is_active boolean NOT NULL,
        version integer NOT NULL,
        favourited_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, product_id)
      )`);
    // The Favorites tab (newest first) and "which of these are favourited" both read a user's active rows.
    await queryRunner.query(
      `CREATE INDEX favourites_user_active_idx ON favourites.favourites (user_id, favourited_at DESC, product_id DESC) WHERE is_active`,
    );
    // A removed product is deactivated for every user.
    await queryRunner.query(
      `CREATE INDEX favourites_product_active_idx ON favourites.favourites (product_id) WHERE is_active`,
    );
    await createPlatformTables(queryRunner, 'favourites');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropPlatformTables(queryRunner, 'favourites');
    await queryRunner.query(`DROP TABLE favourites.favourites`);
  }
}

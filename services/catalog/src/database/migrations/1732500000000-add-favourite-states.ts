import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddFavouriteStates1732500000000 implements MigrationInterface {
  name = 'AddFavouriteStates1732500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE catalog.favourite_states (
        user_id uuid NOT NULL,
        product_id uuid NOT NULL,
        favourited boolean NOT NULL,
        version integer NOT NULL,
        PRIMARY KEY (user_id, product_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE catalog.favourite_states`);
  }
}

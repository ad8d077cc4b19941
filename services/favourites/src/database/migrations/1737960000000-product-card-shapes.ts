import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The shape of ProductDto each card was stored with (product-cards/card-shape.ts): cards stored before are of no
 * known shape ('') and are fetched again from catalog the next time a Favorites page shows them.
 */
export class ProductCardShapes1737960000000 implements MigrationInterface {
  name = 'ProductCardShapes1737960000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE favourites.product_cards ADD COLUMN card_shape text NOT NULL DEFAULT ''`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE favourites.product_cards DROP COLUMN card_shape`);
  }
}

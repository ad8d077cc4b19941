import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The newest sale or relisting applied per product (catalog's sold and relisted events carry it): a sale
 * delivered after the relisting that undid it changes nothing, whichever of the two consumers runs first.
 */
export class AddProductSales1734100000000 implements MigrationInterface {
  name = 'AddProductSales1734100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE favourites.product_sales (product_id uuid PRIMARY KEY, version integer NOT NULL)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE favourites.product_sales`);
  }
}

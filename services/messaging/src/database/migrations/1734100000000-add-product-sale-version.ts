import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The newest sale or relisting applied to a product (catalog's sold and relisted events carry it), so the
 * read model ends with the product's real status whichever of the two consumers delivers first.
 */
export class AddProductSaleVersion1734100000000 implements MigrationInterface {
  name = 'AddProductSaleVersion1734100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE messaging.products ADD COLUMN sale_version integer NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE messaging.products DROP COLUMN sale_version`);
  }
}

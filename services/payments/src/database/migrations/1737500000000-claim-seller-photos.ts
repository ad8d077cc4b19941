import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The seller may answer a claim with photos, as the buyer opens it with photos. */
export class ClaimSellerPhotos1737500000000 implements MigrationInterface {
  name = 'ClaimSellerPhotos1737500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A constant default: the column is added without rewriting the table.
    await queryRunner.query(`ALTER TABLE payments.claims ADD COLUMN seller_photos jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE payments.claims DROP COLUMN seller_photos`);
  }
}

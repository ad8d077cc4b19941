import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Read model of catalog's away mode (`seller.away-changed`): the return date of each seller who is or was away, the
 * newest version kept. A payment recorded while its seller is away starts the ship-by deadline on the return date.
 */
export class AwaySellers1738600000000 implements MigrationInterface {
  name = 'AwaySellers1738600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE payments.away_sellers (
        seller_id uuid PRIMARY KEY,
        until date,
        version integer NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE payments.away_sellers`);
  }
}

import { countryOfLocation } from '@souvenir/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "Ships to me": the country each seller's items ship within (`ProductDto.shipsFrom`, the country their
 * free-text location names, read by `countryOfLocation`), stored on the seller read model so browse can filter on it
 * (`shipsTo=`) with an index instead of reading every location. Null: the location names no country. The reading is
 * JavaScript (the browser's region names), so existing rows are filled here from their locations, in one statement.
 */
export class SellerShipsFrom1736900000000 implements MigrationInterface {
  name = 'SellerShipsFrom1736900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE catalog.sellers ADD COLUMN ships_from text`);
    const sellers = (await queryRunner.query(
      `SELECT id, location FROM catalog.sellers WHERE location IS NOT NULL`,
    )) as { id: string; location: string }[];
    const named = sellers
      .map((seller) => ({ id: seller.id, country: countryOfLocation(seller.location) }))
      .filter((seller): seller is { id: string; country: string } => seller.country !== null);
    if (named.length)
      await queryRunner.query(
        `UPDATE catalog.sellers s SET ships_from = n.country
           FROM unnest($1::uuid[], $2::text[]) AS n(id, country) WHERE s.id = n.id`,
        [named.map((seller) => seller.id), named.map((seller) => seller.country)],
      );
    await queryRunner.query(`CREATE INDEX sellers_ships_from_idx ON catalog.sellers (ships_from)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX catalog.sellers_ships_from_idx`);
    await queryRunner.query(`ALTER TABLE catalog.sellers DROP COLUMN ships_from`);
  }
}

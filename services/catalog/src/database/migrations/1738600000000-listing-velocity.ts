import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * New-account velocity (README "New-account velocity"). `sellers.joined_at`: when the account was created (identity's
 * user events and user reads carry it; NULL for rows stored before, which count as established accounts).
 * `listing_velocity`: one row per new seller and clock hour, the counter every create of theirs increments under its
 * row lock (so parallel creates cannot slip past the threshold); a seller's older windows are deleted by their next
 * create, so the table holds at most one row per seller. `products.held_for_velocity`: the listing was created held
 * because of it, so dismissing the case about the account puts exactly these back on sale (by the partial index).
 */
export class ListingVelocity1738600000000 implements MigrationInterface {
  name = 'ListingVelocity1738600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE catalog.sellers ADD COLUMN joined_at timestamptz`);
    await queryRunner.query(`CREATE TABLE catalog.listing_velocity (
      seller_id uuid NOT NULL,
      window_start timestamptz NOT NULL,
      listings integer NOT NULL CHECK (listings > 0),
      PRIMARY KEY (seller_id, window_start))`);
    await queryRunner.query(`ALTER TABLE catalog.products ADD COLUMN held_for_velocity boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `CREATE INDEX products_velocity_held_idx ON catalog.products (seller_id) WHERE held_for_velocity`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX catalog.products_velocity_held_idx`);
    await queryRunner.query(`ALTER TABLE catalog.products DROP COLUMN held_for_velocity`);
    await queryRunner.query(`DROP TABLE catalog.listing_velocity`);
    await queryRunner.query(`ALTER TABLE catalog.sellers DROP COLUMN joined_at`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * favourites' read model of the products its users favourited, so the Favorites tab is answered by one statement
 * here instead of a page of ids and a catalog batch call (the two hops were the slowest read route).
 *
 * - `product_cards`: the product as catalog answered it when it was favourited (for an older favourite: when the
 *   tab first showed it), minus its seller. Listed products never change in this marketplace (no edit), only their status: a removed or sold
 *   product's favourites are deactivated and its card deleted by catalog's events. Stored as `json`, returned as
 *   stored: it is only ever read whole.
 * - `sellers`: the seller part of a card, kept current by identity's user events (`version`, as in catalog's and
 *   messaging's read models; 0 when taken from a card before any event arrived).
 *
 * Cards of favourites made before this migration are filled from catalog the first time a page needs them.
 */
export class AddProductCards1732900000000 implements MigrationInterface {
  name = 'AddProductCards1732900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE favourites.product_cards (
        product_id uuid PRIMARY KEY,
        seller_id uuid NOT NULL,
        card json NOT NULL,
        stored_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE favourites.sellers (
        id uuid PRIMARY KEY,
        first_name text NOT NULL,
        last_name text NOT NULL,
        avatar text,
        is_verified boolean NOT NULL DEFAULT false,
        version integer NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE favourites.sellers`);
    await queryRunner.query(`DROP TABLE favourites.product_cards`);
  }
}

import { createExtension } from '@souvenir/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Saved searches, indexed for matching (the percolator pattern): rather than running every saved search against each
 * new listing, each search is filed under one key its matches must hold (`saved_search_keys`), and a listing looks up
 * only the keys it holds (its words' prefixes, its country, its category), a few index reads, then checks those
 * candidates in full. The words are read as catalog's search reads them (`search_text` and `immutable_unaccent` are
 * catalog's functions, copied: a service never calls another's schema).
 */
export class CreateAlerts1738600000000 implements MigrationInterface {
  name = 'CreateAlerts1738600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // unaccent is database-wide: reuse it wherever another service already created it.
    await createExtension(queryRunner, 'unaccent');
    const [{ schema }] = (await queryRunner.query(
      `SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = 'unaccent'`,
    )) as { schema: string }[];
    // Naming the dictionary makes the wrapper IMMUTABLE, as catalog's (its search index uses the same).
    await queryRunner.query(`
      CREATE FUNCTION alerts.immutable_unaccent(text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$ SELECT ${schema}.unaccent('${schema}.unaccent'::regdictionary, $1) $$`);
    // catalog.search_text: accents folded, and the singulars of "-ves" plurals added (scarves → scarf).
    await queryRunner.query(`
      CREATE FUNCTION alerts.search_text(text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$ SELECT regexp_replace(alerts.immutable_unaccent($1), '([[:alpha:]]+)ves\\M', '\\1ves \\1f \\1fe', 'gi') $$`);

    await queryRunner.query(`
      CREATE TABLE alerts.saved_searches (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        search text CHECK (char_length(search) <= 200),
        country text,
        min_price numeric(12,2),
        max_price numeric(12,2),
        categories text[] NOT NULL DEFAULT '{}',
        condition text,
        -- The words as catalog's search queries them (all required, prefixes); null: no words.
        query tsquery,
        -- What the categories filter stands for: listed under one of these, or its text matching category_query.
        sell_categories text[] NOT NULL DEFAULT '{}',
        category_query tsquery,
        created_at timestamptz NOT NULL DEFAULT now(),
        -- When its owner last looked at their saved searches: matches after it are "new".
        seen_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The owner's list (newest first), the cap's count and the erasure of an account.
    await queryRunner.query(`CREATE INDEX saved_searches_user_idx ON alerts.saved_searches (user_id, created_at, id)`);
    // The percolator's index: `w:<lexeme>` (a word every match holds, or starts with), `c:<country>`,
    // `k:<sell category>`, or `*` for a search of a price range or condition alone.
    await queryRunner.query(`
      CREATE TABLE alerts.saved_search_keys (
        key text COLLATE "C" NOT NULL,
        saved_search_id uuid NOT NULL REFERENCES alerts.saved_searches (id) ON DELETE CASCADE,
        PRIMARY KEY (key, saved_search_id)
      )`);
    await queryRunner.query(`CREATE INDEX saved_search_keys_search_idx ON alerts.saved_search_keys (saved_search_id)`);
    // One alert per saved search and listing, ever: a relisting or a second price drop tells nobody twice.
    await queryRunner.query(`
      CREATE TABLE alerts.matches (
        id uuid PRIMARY KEY,
        saved_search_id uuid NOT NULL REFERENCES alerts.saved_searches (id) ON DELETE CASCADE,
        product_id uuid NOT NULL,
        matched_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (saved_search_id, product_id)
      )`);
    // "New since the last look": a range of one search's matches.
    await queryRunner.query(`CREATE INDEX matches_recent_idx ON alerts.matches (saved_search_id, matched_at)`);
    // Read model of listings (catalog's events): what a saved search reads, and whether it is on sale now.
    await queryRunner.query(`
      CREATE TABLE alerts.products (
        id uuid PRIMARY KEY,
        seller_id uuid NOT NULL,
        title text NOT NULL,
        description text NOT NULL,
        category text NOT NULL,
        country text NOT NULL,
        condition text NOT NULL,
        price numeric(12,2) NOT NULL,
        ships_from text,
        status text NOT NULL CHECK (status IN ('active', 'sold', 'removed')),
        sale_version integer NOT NULL DEFAULT 0,
        edit_version integer NOT NULL DEFAULT 0
      )`);
    // Read model of where people live (identity's events): an item alerts only someone it can be delivered to.
    await queryRunner.query(`
      CREATE TABLE alerts.people (
        user_id uuid PRIMARY KEY,
        ships_to text,
        version integer NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE alerts.people`);
    await queryRunner.query(`DROP TABLE alerts.products`);
    await queryRunner.query(`DROP TABLE alerts.matches`);
    await queryRunner.query(`DROP TABLE alerts.saved_search_keys`);
    await queryRunner.query(`DROP TABLE alerts.saved_searches`);
    await queryRunner.query(`DROP FUNCTION alerts.search_text(text)`);
    await queryRunner.query(`DROP FUNCTION alerts.immutable_unaccent(text)`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createExtension, createPlatformTables, dropPlatformTables } from '@souvenir/platform';

export class CreateCatalog1732400000000 implements MigrationInterface {
  name = 'CreateCatalog1732400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // unaccent is database-wide: reuse it wherever another service already created it.
    await createExtension(queryRunner, 'unaccent');
    const [{ schema }] = (await queryRunner.query(
      `SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = 'unaccent'`,
    )) as { schema: string }[];
    // unaccent() is only STABLE (it reads its dictionary through search_path); naming the dictionary
    // explicitly makes the wrapper safe to declare IMMUTABLE, which generated columns and indexes require.
    await queryRunner.query(`
      CREATE FUNCTION catalog.immutable_unaccent(text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$ SELECT ${schema}.unaccent('${schema}.unaccent'::regdictionary, $1) $$`);

    await queryRunner.query(`
      CREATE TABLE catalog.sellers (
        id uuid PRIMARY KEY,
        username text,
        first_name text NOT NULL,
        last_name text NOT NULL,
        avatar text,
        location text,
        is_verified boolean NOT NULL DEFAULT false,
        version integer NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX sellers_location_idx ON catalog.sellers (location)`);

    await queryRunner.query(`
      CREATE TABLE catalog.products (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seller_id uuid NOT NULL REFERENCES catalog.sellers (id),
        title text NOT NULL,
        description text NOT NULL,
        price numeric(12,2) NOT NULL CHECK (price > 0),
        original_price numeric(12,2) CHECK (original_price > 0),
        condition text NOT NULL CHECK (condition IN ('new', 'like-new', 'good')),
        category text NOT NULL,
        country text NOT NULL,
        images text[] NOT NULL CHECK (cardinality(images) BETWEEN 1 AND 6),
        is_customs_verified boolean NOT NULL DEFAULT false,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'sold', 'removed')),
        favorite_count integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        search_vector tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('simple', catalog.immutable_unaccent(title)), 'A') ||
          setweight(to_tsvector('simple', catalog.immutable_unaccent(category)), 'B') ||
          setweight(to_tsvector('simple', catalog.immutable_unaccent(description)), 'C')
        ) STORED
      )`);
    // One index per browse order, each ending in the keyset's tie-breakers (created_at, id), so every page of
    // every sort is an index range scan; status leads because only active products are browsed.
    await queryRunner.query(`CREATE INDEX products_recent_idx ON catalog.products (status, created_at DESC, id DESC)`);
    await queryRunner.query(
      `CREATE INDEX products_price_asc_idx ON catalog.products (status, price ASC, created_at DESC, id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX products_price_desc_idx ON catalog.products (status, price DESC, created_at DESC, id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX products_popular_idx ON catalog.products (status, favorite_count DESC, created_at DESC, id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX products_country_idx ON catalog.products (status, country, created_at DESC, id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX products_category_idx ON catalog.products (status, category, created_at DESC, id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX products_seller_idx ON catalog.products (seller_id, created_at DESC, id DESC)`,
    );
    await queryRunner.query(`CREATE INDEX products_search_idx ON catalog.products USING GIN (search_vector)`);

    await createPlatformTables(queryRunner, 'catalog');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropPlatformTables(queryRunner, 'catalog');
    await queryRunner.query(`DROP TABLE catalog.products`);
    await queryRunner.query(`DROP TABLE catalog.sellers`);
    await queryRunner.query(`DROP FUNCTION catalog.immutable_unaccent(text)`);
  }
}

import { createExtension } from '@souvenir/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search that finds what shoppers mean. The `simple` tsvectors matched only the exact words of the title,
 * category and description: "japan" missed the country, "tea bowls" missed "Tea Bowl". Three tsvectors in the
 * `english` configuration (stemmed: bowls → bowl) over unaccented text replace them, one per ranking tier, each with a
 * GIN index limited to active products (the only ones searched):
 *
 * - `title_doc`: the title alone (the best tier);
 * - `label_doc`: title, category and country (a product whose labels name every word: "japan", "clothing");
 * - `search_doc`: everything, weighted title A > category and country B > description C.
 *
 * `catalog.search_text` folds accents (as before) and adds the singular of "-ves" plurals, which the English
 * stemmer leaves apart (scarves → scarv, scarf → scarf): the query side adds the same variants, so either form finds
 * the other. `catalog.search_terms` holds the words shoppers can mean (titles' words, categories, countries), with a
 * trigram index, for "Did you mean …" when a typo finds nothing; a statement trigger keeps it as products are
 * listed (set-based, so bulk loads stay fast). Adding STORED columns rewrites the table once.
 */
export class StemmedSearch1734200000000 implements MigrationInterface {
  name = 'StemmedSearch1734200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // pg_trgm is database-wide like unaccent: reuse it wherever it already is.
    await createExtension(queryRunner, 'pg_trgm');
    const [{ schema }] = (await queryRunner.query(
      `SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = 'pg_trgm'`,
    )) as { schema: string }[];
    await queryRunner.query(`
      CREATE FUNCTION catalog.search_text(text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$ SELECT regexp_replace(catalog.immutable_unaccent($1), '([[:alpha:]]+)ves\\M', '\\1ves \\1f \\1fe', 'gi') $$`);

    await queryRunner.query(`DROP INDEX catalog.products_title_search_idx`);
    await queryRunner.query(`DROP INDEX catalog.products_search_idx`);
    await queryRunner.query(`
      ALTER TABLE catalog.products
        DROP COLUMN title_vector,
        DROP COLUMN search_vector,
        ADD COLUMN title_doc tsvector GENERATED ALWAYS AS (to_tsvector('english', catalog.search_text(title))) STORED,
        ADD COLUMN label_doc tsvector GENERATED ALWAYS AS (
          to_tsvector('english', catalog.search_text(title || ' ' || category || ' ' || country))) STORED,
        ADD COLUMN search_doc tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english', catalog.search_text(title)), 'A') ||
          setweight(to_tsvector('english', catalog.search_text(category || ' ' || country)), 'B') ||
          setweight(to_tsvector('english', catalog.search_text(description)), 'C')) STORED`);
    // Partial: only active products are searched, so sold and removed ones never enter a bitmap.
    for (const column of ['title_doc', 'label_doc', 'search_doc']) {
      await queryRunner.query(
        `CREATE INDEX products_${column}_idx ON catalog.products USING GIN (${column}) WHERE status = 'active'`,
      );
    }

    // COLLATE "C": a prefix test (`term ^@ word`) is then a btree range.
    await queryRunner.query(
      `CREATE TABLE catalog.search_terms (term text COLLATE "C" PRIMARY KEY, uses integer NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE INDEX search_terms_trgm_idx ON catalog.search_terms USING GIST (term ${schema}.gist_trgm_ops)`,
    );
    await queryRunner.query(`
      CREATE FUNCTION catalog.search_terms_of(text) RETURNS SETOF text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$ SELECT DISTINCT word FROM regexp_split_to_table(lower(catalog.immutable_unaccent($1)), '[^[:alnum:]]+') word
               WHERE length(word) >= 3 AND word !~ '^[0-9]+$' $$`);
    // Terms in a fixed order, so two listings that share words never deadlock on them.
    await queryRunner.query(`
      CREATE FUNCTION catalog.remember_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO catalog.search_terms AS t (term, uses)
        SELECT term, count(*) FROM new_products p, catalog.search_terms_of(p.title || ' ' || p.category || ' ' || p.country) term
         GROUP BY term ORDER BY term
        ON CONFLICT (term) DO UPDATE SET uses = t.uses + excluded.uses;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER products_remember_search_terms AFTER INSERT ON catalog.products
        REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION catalog.remember_search_terms()`);
    await queryRunner.query(`
      INSERT INTO catalog.search_terms (term, uses)
      SELECT term, count(*) FROM catalog.products p, catalog.search_terms_of(p.title || ' ' || p.category || ' ' || p.country) term
       GROUP BY term`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER products_remember_search_terms ON catalog.products`);
    await queryRunner.query(`DROP FUNCTION catalog.remember_search_terms()`);
    await queryRunner.query(`DROP FUNCTION catalog.search_terms_of(text)`);
    await queryRunner.query(`DROP TABLE catalog.search_terms`);
    await queryRunner.query(`
      ALTER TABLE catalog.products
        DROP COLUMN title_doc,
        DROP COLUMN label_doc,
        DROP COLUMN search_doc,
        ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('simple', catalog.immutable_unaccent(title)), 'A') ||
          setweight(to_tsvector('simple', catalog.immutable_unaccent(category)), 'B') ||
          setweight(to_tsvector('simple', catalog.immutable_unaccent(description)), 'C')
        ) STORED,
        ADD COLUMN title_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple', catalog.immutable_unaccent(title))) STORED`);
    await queryRunner.query(`CREATE INDEX products_search_idx ON catalog.products USING GIN (search_vector)`);
    await queryRunner.query(`CREATE INDEX products_title_search_idx ON catalog.products USING GIN (title_vector)`);
    await queryRunner.query(`DROP FUNCTION catalog.search_text(text)`);
  }
}

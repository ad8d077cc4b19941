import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How many active products hold each lexeme of `search_doc` (cold searches). A search's total is exact up
 * to TOTAL_COUNT_BOUND and "1,000+" past it; proving "past it" for a frequent word meant a bitmap of every match from
 * the GIN index and a visit to 1,001 heap rows, half of Postgres's work for such a search. Any lexeme that a word's
 * query matches and that more than the bound of active products hold proves the same without touching products: every
 * product holding it matches (see `lowerBoundProven` in search/search-query.ts).
 *
 * `catalog.search_terms.uses` cannot serve: it counts titles' raw words at listing time, sold and removed listings
 * included, and never the description, so it is neither a lower nor an upper bound of a search's matches.
 *
 * Statement triggers with transition tables keep `active` exact in the writing transaction (a reader's snapshot sees
 * the products and their counts together): inserts and deletes add and subtract the active rows' lexemes, an update
 * the difference between its old and new active rows (a favourite count or a price changes nothing: the row is
 * skipped and no count row is written), a TRUNCATE empties the table. Lexemes in a fixed order, so two writers
 * that share lexemes never deadlock on them; two listings written at once that share a lexeme wait for each other's
 * commit on its row, as they already do on `search_terms`.
 */
export class SearchLexemeCounts1735800000000 implements MigrationInterface {
  name = 'SearchLexemeCounts1735800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // COLLATE "C": a prefix test (`lexeme ^@ ...`) is then a btree range.
    await queryRunner.query(
      `CREATE TABLE catalog.search_lexemes (lexeme text COLLATE "C" PRIMARY KEY, active integer NOT NULL)`,
    );
    // plpgsql plans a statement when it first runs it, so each branch may name transition tables only its event has.
    const upsert = (deltas: string) => `
        INSERT INTO catalog.search_lexemes AS l (lexeme, active)
        SELECT lexeme, sum(delta) FROM (${deltas}) d
         GROUP BY lexeme HAVING sum(delta) <> 0 ORDER BY lexeme
        ON CONFLICT (lexeme) DO UPDATE SET active = l.active + excluded.active;`;
    const added = `SELECT lexeme, 1 AS delta FROM new_products p, unnest(tsvector_to_array(p.search_doc)) lexeme
                    WHERE p.status = 'active'`;
    const removed = `SELECT lexeme, -1 AS delta FROM old_products p, unnest(tsvector_to_array(p.search_doc)) lexeme
                      WHERE p.status = 'active'`;
    // An updated row that stays active with the same lexemes adds and removes the same counts: both sides skip it
    // (a favourite count or a price changed in bulk would otherwise unnest every row twice).
    const unchanged = (other: string) =>
      ` AND NOT EXISTS (SELECT 1 FROM ${other} o WHERE o.id = p.id AND o.status = 'active' AND o.search_doc = p.search_doc)`;
    await queryRunner.query(`
      CREATE FUNCTION catalog.count_search_lexemes() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          DELETE FROM catalog.search_lexemes;
        ELSIF TG_OP = 'INSERT' THEN${upsert(added)}
        ELSIF TG_OP = 'DELETE' THEN${upsert(removed)}
        ELSE${upsert(`${added}${unchanged('old_products')} UNION ALL ${removed}${unchanged('new_products')}`)}
        END IF;
        RETURN NULL;
      END $$`);
    // A trigger with transition tables has one event: one trigger per event, one function.
    await queryRunner.query(`
      CREATE TRIGGER products_count_search_lexemes_insert AFTER INSERT ON catalog.products
        REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION catalog.count_search_lexemes()`);
    await queryRunner.query(`
      CREATE TRIGGER products_count_search_lexemes_update AFTER UPDATE ON catalog.products
        REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products
        FOR EACH STATEMENT EXECUTE FUNCTION catalog.count_search_lexemes()`);
    await queryRunner.query(`
      CREATE TRIGGER products_count_search_lexemes_delete AFTER DELETE ON catalog.products
        REFERENCING OLD TABLE AS old_products FOR EACH STATEMENT EXECUTE FUNCTION catalog.count_search_lexemes()`);
    await queryRunner.query(`
      CREATE TRIGGER products_count_search_lexemes_truncate AFTER TRUNCATE ON catalog.products
        FOR EACH STATEMENT EXECUTE FUNCTION catalog.count_search_lexemes()`);
    await queryRunner.query(`
      INSERT INTO catalog.search_lexemes (lexeme, active)
      SELECT lexeme, count(*) FROM catalog.products p, unnest(tsvector_to_array(p.search_doc)) lexeme
       WHERE p.status = 'active'
       GROUP BY lexeme`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete', 'truncate'])
      await queryRunner.query(`DROP TRIGGER products_count_search_lexemes_${event} ON catalog.products`);
    await queryRunner.query(`DROP FUNCTION catalog.count_search_lexemes()`);
    await queryRunner.query(`DROP TABLE catalog.search_lexemes`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The function of `catalog.search_lexemes`' statement triggers (migration 1735800000000): for each lexeme, +1 or -1
 * per active row added or removed, summed in a fixed order (so writers sharing lexemes never deadlock), and with
 * `titles` the same for the lexemes of `title_doc` into `in_titles`. An updated row that stays active with the same
 * `search_doc` (so the same title lexemes: the title is part of it) is skipped on both sides.
 */
function countingFunction(titles: boolean): string {
  const deltas = (rows: 'new_products' | 'old_products', sign: 1 | -1, skip = '') => {
    const side = (doc: string, active: number, inTitles: number) =>
      `SELECT lexeme, ${active} AS active, ${inTitles} AS titles
         FROM ${rows} p, unnest(tsvector_to_array(p.${doc})) lexeme WHERE p.status = 'active'${skip}`;
    const all = side('search_doc', sign, 0);
    return titles ? `${all} UNION ALL ${side('title_doc', 0, sign)}` : all;
  };
  const unchanged = (other: string) =>
    ` AND NOT EXISTS (SELECT 1 FROM ${other} o WHERE o.id = p.id AND o.status = 'active' AND o.search_doc = p.search_doc)`;
  const upsert = (all: string) => `
        INSERT INTO catalog.search_lexemes AS l (lexeme, active${titles ? ', in_titles' : ''})
        SELECT lexeme, sum(active)${titles ? ', sum(titles)' : ''} FROM (${all}) d
         GROUP BY lexeme HAVING sum(active) <> 0${titles ? ' OR sum(titles) <> 0' : ''} ORDER BY lexeme
        ON CONFLICT (lexeme) DO UPDATE SET active = l.active + excluded.active${
          titles ? ', in_titles = l.in_titles + excluded.in_titles' : ''
        };`;
  const updated = `${deltas('new_products', 1, unchanged('old_products'))} UNION ALL ${deltas('old_products', -1, unchanged('new_products'))}`;
  // plpgsql plans a statement when it first runs it, so each branch may name transition tables only its event has.
  return `
      CREATE OR REPLACE FUNCTION catalog.count_search_lexemes() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          DELETE FROM catalog.search_lexemes;
        ELSIF TG_OP = 'INSERT' THEN${upsert(deltas('new_products', 1))}
        ELSIF TG_OP = 'DELETE' THEN${upsert(deltas('old_products', -1))}
        ELSE${upsert(updated)}
        END IF;
        RETURN NULL;
      END $$`;
}

/**
 * How many active products hold each lexeme in their title (cold searches), beside how many hold it
 * anywhere: `catalog.search_lexemes.in_titles`, kept by the same statement triggers in the writing transaction. A
 * ranked search's first tier is "every word in the title"; a word no active title holds a lexeme starting like (a
 * country, a category: `indonesia`) has nothing there, which the page now knows before it walks a window of 2,000
 * rows for it (`lexemeProofs`' `no_title_match`).
 */
export class TitleLexemeCounts1736800000000 implements MigrationInterface {
  name = 'TitleLexemeCounts1736800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE catalog.search_lexemes ADD COLUMN in_titles integer NOT NULL DEFAULT 0`);
    await queryRunner.query(countingFunction(true));
    // Every title lexeme is also a lexeme of search_doc (the title is part of it), so each already has its row.
    await queryRunner.query(`
      UPDATE catalog.search_lexemes l SET in_titles = t.count
        FROM (SELECT lexeme, count(*)::int AS count
                FROM catalog.products p, unnest(tsvector_to_array(p.title_doc)) lexeme
               WHERE p.status = 'active' GROUP BY lexeme) t
       WHERE l.lexeme = t.lexeme`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(countingFunction(false));
    await queryRunner.query(`ALTER TABLE catalog.search_lexemes DROP COLUMN in_titles`);
  }
}

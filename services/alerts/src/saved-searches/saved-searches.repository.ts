import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { toSearchWords } from '@souvenir/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { categoryParts, formsOf, Params, searchKeys, secondKey, wordsTsQuery } from './search-keys';

/** A saved search's row as the API shows it, with its matches since its owner last looked. */
export interface SavedSearchRow {
  id: string;
  search: string | null;
  country: string | null;
  min_price: string | null;
  max_price: string | null;
  categories: string[];
  condition: string | null;
  created_at: Date;
  new_matches: string;
}

export interface NewSavedSearch {
  id: string;
  userId: string;
  search: string | null;
  country: string | null;
  minPrice: number | null;
  maxPrice: number | null;
  categories: string[];
  condition: string | null;
}

const COLUMNS = `s.id, s.search, s.country, s.min_price, s.max_price, s.categories, s.condition, s.created_at`;

@Injectable()
export class SavedSearchesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Serialises one person's saves, so the cap holds under concurrent requests. */
  async lockOwner(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('alerts.saved_searches:' || $1, 0))`, [userId]);
  }

  async countOf(manager: EntityManager, userId: string): Promise<number> {
    const [{ count }] = (await manager.query(
      `SELECT count(*)::int AS count FROM alerts.saved_searches WHERE user_id = $1`,
      [userId],
    )) as { count: number }[];
    return count;
  }

  /** The search, its words' query as catalog builds it, and the keys it is filed under for matching. */
  async insert(manager: EntityManager, search: NewSavedSearch): Promise<SavedSearchRow> {
    const words = toSearchWords(search.search) ?? [];
    const { sellCategories, terms } = categoryParts(search.categories);
    const lexemesByWord = await this.lexemes(manager, words);
    const termLexemes = await Promise.all(terms.map((termWords) => this.lexemes(manager, termWords)));
    const params = new Params();
    const values = [
      search.id,
      search.userId,
      search.search,
      search.country,
      search.minPrice,
      search.maxPrice,
      search.categories,
      search.condition,
      sellCategories,
    ].map((value) => params.add(value));
    // A search whose words all drop out (stop words) queries nothing, as catalog's; it is kept as its filters.
    const query = lexemesByWord.some((forms) => forms.some((l) => l.length)) ? wordsTsQuery(words, params) : null;
    const termQueries = terms.map((termWords) => wordsTsQuery(termWords, params)).filter((q) => q !== null);
    const categoryQuery = termQueries.length ? `(${termQueries.join(' || ')})` : null;
    const [row] = (await manager.query(
      `INSERT INTO alerts.saved_searches AS s (id, user_id, search, country, min_price, max_price, categories, condition,
         sell_categories, query, category_query)
       VALUES (${values.join(', ')}, ${query ?? 'NULL'}, ${categoryQuery ?? 'NULL'})
       RETURNING ${COLUMNS}, 0 AS new_matches`,
      params.values,
    )) as SavedSearchRow[];
    const keys = searchKeys(lexemesByWord, { country: search.country, sellCategories, termLexemes });
    // Filed under a word: another word's key too, which the matcher checks in the keys' index.
    const also = keys[0]?.startsWith('w:') ? secondKey(lexemesByWord) : null;
    await manager.query(
      `INSERT INTO alerts.saved_search_keys (key, saved_search_id, also)
       SELECT unnest($1::text[]), $2, $3 ON CONFLICT DO NOTHING`,
      [keys, search.id, also],
    );
    return row;
  }

  /** For each word, for each of its forms, the lexemes Postgres makes of it (none: a stop word). */
  private async lexemes(manager: EntityManager, words: string[]): Promise<string[][][]> {
    if (!words.length) return [];
    const forms = formsOf(words);
    const rows = (await manager.query(
      `SELECT f.ord, ARRAY(SELECT unnest(tsvector_to_array(to_tsvector('english', alerts.immutable_unaccent(f.form)))))
                       AS lexemes
         FROM unnest($1::text[]) WITH ORDINALITY AS f(form, ord)`,
      [forms.map((f) => f.form)],
    )) as { ord: string; lexemes: string[] }[];
    const byWord: string[][][] = words.map(() => []);
    for (const row of rows) byWord[forms[Number(row.ord) - 1].word].push(row.lexemes);
    return byWord;
  }

  /** The owner's saved searches, newest first, each with its matches since `seen_at`. */
  async listOf(manager: EntityManager, userId: string): Promise<SavedSearchRow[]> {
    return (await manager.query(
      `SELECT ${COLUMNS},
              (SELECT count(*) FROM alerts.matches m WHERE m.saved_search_id = s.id AND m.matched_at > s.seen_at)
                AS new_matches
         FROM alerts.saved_searches s WHERE s.user_id = $1
        ORDER BY s.created_at DESC, s.id DESC`,
      [userId],
    )) as SavedSearchRow[];
  }

  async markSeen(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`UPDATE alerts.saved_searches SET seen_at = now() WHERE user_id = $1`, [userId]);
  }

  /** Deletes the owner's search (its keys and matches with it); false when they have none by that id. */
  async delete(userId: string, id: string): Promise<boolean> {
    const [, count] = (await this.db.query(
      `DELETE FROM alerts.saved_searches WHERE id = $1 AND user_id = $2 RETURNING id`,
      [id, userId],
    )) as [unknown[], number];
    return count > 0;
  }

  async deleteAllOf(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`DELETE FROM alerts.saved_searches WHERE user_id = $1`, [userId]);
  }
}

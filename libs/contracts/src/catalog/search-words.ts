/**
 * How a search's words are read, shared by catalog's search and alerts' saved searches, so a saved search matches
 * what the search would return (catalog's SQL: `services/catalog/src/search/search-query.ts`).
 */

/** Most words of a search that are matched; the rest are ignored. */
export const MAX_SEARCH_TERMS = 12;

/** Words shorter than this are matched whole, not as prefixes. */
export const MIN_PREFIX_LETTERS = 3;

/**
 * The user's words, letters and digits only ("ceram vase!" → ["ceram", "vase"]); each is matched as a prefix and all
 * are required, so partial words find products while typing. Accents and case are folded in SQL, as in the index.
 */
export function toSearchWords(search: string | undefined | null): string[] | null {
  const words = (search ?? '').match(/[\p{L}\p{N}]+/gu)?.slice(0, MAX_SEARCH_TERMS) ?? [];
  return words.length ? words : null;
}

/**
 * The forms of a word the query accepts: itself (stemmed by Postgres's `english` configuration, so bowls → bowl)
 * and, for a "-ves" plural the stemmer leaves apart, its singulars (scarves → scarf, knives → knife). The
 * indexed text carries the same singulars (`catalog.search_text`), so "scarf" also finds "Silk Scarves".
 */
export function wordForms(word: string): string[] {
  const match = /^(\p{L}{2,})ves$/iu.exec(word);
  return match ? [word, `${match[1]}f`, `${match[1]}fe`] : [word];
}

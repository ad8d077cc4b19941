/**
 * The pieces of product search that are not SQL: which of the user's words are searched, their forms, the ranked
 * tiers and the bounds that keep a cold search cheap (typos: `suggestion.ts`). See the migration
 * `1734200000000-stemmed-search` for the columns.
 */

/** Most words of a search that are matched; the rest are ignored. */
const MAX_SEARCH_TERMS = 12;

/**
 * The user's words, letters and digits only ("ceram vase!" → ["ceram", "vase"]); the repository matches each as a
 * prefix and requires all, so partial words find products while typing. Accents and case are folded in SQL, as in
 * the index, and each folded word is quoted there: unaccent can turn a letter into punctuation (`ʼ` → `'`).
 */
export function toSearchWords(search: string | undefined): string[] | null {
  const words = (search ?? '').match(/[\p{L}\p{N}]+/gu)?.slice(0, MAX_SEARCH_TERMS) ?? [];
  return words.length ? words : null;
}

/**
 * Rows of the sort order a search page walks, testing each row's text, before it reads the remaining matches through
 * a GIN index instead. Frequent words fill a page within a few hundred rows; words rarer than one in
 * `SEARCH_WINDOW_ROWS / limit` rows have few enough matches (under ~12,000 at 1M products) that reading them all
 * and sorting them is cheaper than walking on. Either way a page reads a bounded number of rows: a rare word no
 * longer walks the whole recency index (3.2 s at 1M products before).
 */
export const SEARCH_WINDOW_ROWS = 2000;

/**
 * Most matches a page reads through the GIN index because its cursor says the tier is sparse (`CursorKey.sparse`):
 * what a window that ended can leave at 1M products (see SEARCH_WINDOW_ROWS). A cursor is not signed, so this bounds
 * what a forged one costs: past it the page is read as if the cursor had said nothing.
 */
export const SPARSE_TIER_MAX_MATCHES = 12_000;

/**
 * Totals are counted exactly up to this many matches, then answered as "1,000+". Counting a search visits each
 * match's heap row (~5 µs each), so an exact count of a frequent word cost 170–300 ms at 1M products, more than the
 * page; nobody pages through a thousand souvenirs to check the figure.
 */
export const TOTAL_COUNT_BOUND = 1000;

/** Ranked search's tiers, best first: every word in the title; in title, category or country; anywhere. */
export const SEARCH_TIERS = [2, 1, 0] as const;
export type SearchTier = (typeof SEARCH_TIERS)[number];

/**
 * The forms of a word the query accepts: itself (stemmed by Postgres's `english` configuration, so bowls → bowl)
 * and, for a "-ves" plural the stemmer leaves apart, its singulars (scarves → scarf, knives → knife). The
 * indexed text carries the same singulars (`catalog.search_text`), so "scarf" also finds "Silk Scarves".
 */
export function wordForms(word: string): string[] {
  const match = /^(\p{L}{2,})ves$/iu.exec(word);
  return match ? [word, `${match[1]}f`, `${match[1]}fe`] : [word];
}

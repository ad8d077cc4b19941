/**
 * The pieces of product search that are not SQL: which of the user's words are searched, their forms, the ranked
 * tiers and the bounds that keep a cold search cheap (typos: `suggestion.ts`). See the migration
 * `1734200000000-stemmed-search` for the columns.
 */

// The words and their forms are shared with alerts' saved searches (libs/contracts).
export { toSearchWords, wordForms } from '@souvenir/contracts';

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

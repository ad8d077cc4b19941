/**
 * The pieces of product search that are not SQL plans: how the user's words become a tsquery, the bounds that keep a
 * cold search cheap, and how a typo is corrected. See the migration `1734200000000-stemmed-search` for the columns.
 */

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

/**
 * Edit distance with adjacent transpositions (optimal string alignment): "japn" → "japan" is 1, and so is
 * "scraf" → "scarf", which trigram similarity alone ranks poorly.
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[rows - 1][cols - 1];
}

/** How far a typo may be from the word meant: one edit in a short word, two from five letters. */
export function maxTypoDistance(word: string): number {
  return word.length >= 5 ? 2 : 1;
}

/** A known term near a word that found nothing, as `nearestTerms` answers it. */
export interface NearTerm {
  term: string;
  /** How many listings use it. */
  uses: number;
  /** Whether it stems as the word does (Postgres's english stemmer: "homes" and "home"), so it matches the same. */
  sameStem: boolean;
}

/**
 * The known term a typo most likely stands for, among the nearest by trigrams: the fewest edits, then the most used.
 * None when every candidate is too far, or when the nearest stems as the word does (its own plural or singular,
 * which stemming already matched: not a typo, and the suggestion would find the same nothing).
 */
export function correctWord(word: string, candidates: NearTerm[]): string | null {
  let best: (NearTerm & { distance: number }) | null = null;
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate.term);
    if (distance > maxTypoDistance(word)) continue;
    if (!best || distance < best.distance || (distance === best.distance && candidate.uses > best.uses))
      best = { ...candidate, distance };
  }
  return best && !best.sameStem ? best.term : null;
}

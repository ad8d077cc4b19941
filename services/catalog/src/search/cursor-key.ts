import type { SearchTier } from './product-search';

/**
 * The sort key of the last row of a page. A page continues strictly after it, so pages never repeat or skip a
 * row however many share a price or a timestamp: (created_at, id) ends every key and id is unique.
 * Timestamps keep Postgres's microseconds (a JS Date would round them and break ties).
 */
export interface CursorKey {
  createdAt: string;
  id: string;
  price?: string;
  favoriteCount?: number;
  /** Ranked search only: the match's tier, 2 (title), 1 (title, category, country) or 0 (anywhere): see findSearchPage. */
  tier?: SearchTier;
  /**
   * A search only: this key's tier ended its window before the page was full (few match it), so the next page reads
   * it through the GIN index at once (`readMatches`). Only a plan: a forged one is bounded there, never believed.
   */
  sparse?: true;
}

import type { ProductSort } from '@souvenir/contracts';
import type { CursorKey } from './product-cursor';
import { SEARCH_TIERS, TOTAL_COUNT_BOUND } from './product-search';
import type { TierMatch } from './search-query';

/**
 * How a search page is read, chosen from its count (the search counts first, up to TOTAL_COUNT_BOUND + 1). Postgres
 * cannot choose this itself: its estimate for a prefix tsquery is a constant whatever the words, and left alone it
 * walked the recency index through every active product for a rare word. So:
 * - `none`: no match, nothing to read;
 * - `allMatches`: at most TOTAL_COUNT_BOUND matches, few enough to read them all through the GIN index at once
 *   (tiers included) and sort them: one statement, however the matches fall into tiers;
 * - `walkTiers`: many matches; each tier in turn walks a bounded window of the sort's index, testing each row, and
 *   reads what is left through the GIN index only when the window ends before the page is full (rare words there).
 */
export type SearchRead = 'none' | 'allMatches' | 'walkTiers';

export function searchRead(matchCount: number | undefined): SearchRead {
  if (matchCount === 0) return 'none';
  if (matchCount !== undefined && matchCount <= TOTAL_COUNT_BOUND) return 'allMatches';
  return 'walkTiers';
}

/**
 * The tiers a `walkTiers` page reads, best first: ranked (sort=recent) from the cursor's tier down; a search sorted
 * otherwise has one "tier", a match anywhere. A lower tier is read only when the ones above do not fill the page.
 */
export function tiersToWalk(sort: ProductSort, after: CursorKey | null): TierMatch[] {
  if (sort !== 'recent') return [undefined];
  return SEARCH_TIERS.filter((tier) => after?.tier === undefined || tier <= after.tier);
}

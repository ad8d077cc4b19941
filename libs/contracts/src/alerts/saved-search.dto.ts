import { Max } from 'class-validator';
import { IsNotBelow } from '../validation/is-not-below';
import { LIMITS, MESSAGES } from '../validation/messages';
import { type Condition, withSearchFilters } from '../catalog/product.dto';
import { toSearchWords } from '../catalog/search-words';

/** Most saved searches one person keeps; one more is refused with SAVED_SEARCH_MESSAGES.tooMany (409). */
export const MAX_SAVED_SEARCHES = 50;

export const SAVED_SEARCH_MESSAGES = {
  tooMany: `You can keep up to ${MAX_SAVED_SEARCHES} saved searches. Delete one to save another.`,
  empty: 'Add some words or a filter before saving this search',
  priceRange: 'The maximum price must not be below the minimum price',
} as const;

/**
 * `POST /api/saved-searches`: the words and filters of Home's search, validated exactly as the search validates them
 * (`withSearchFilters`, shared with `ProductQueryDto`), plus a range that makes sense.
 */
export class SaveSearchDto extends withSearchFilters(class {}) {
  // No listing costs more than the sell form allows, so neither bound of a kept search needs to.
  @Max(LIMITS.priceMax, { message: MESSAGES.priceMax })
  declare minPrice?: number;

  @Max(LIMITS.priceMax, { message: MESSAGES.priceMax })
  @IsNotBelow('minPrice', { message: SAVED_SEARCH_MESSAGES.priceRange })
  declare maxPrice?: number;
}

/** A saved search as the API answers it. */
export interface SavedSearchDto {
  id: string;
  search: string | null;
  country: string | null;
  minPrice: string | null;
  maxPrice: string | null;
  categories: string[];
  condition: Condition | null;
  createdAt: string;
  /** Listings that matched it since its owner last looked at their saved searches. */
  newMatches: number;
}

/** Whether a saved search names anything to match: words that are searched, or a filter. */
export function hasSearchCriteria(filters: {
  search?: string | null;
  country?: string | null;
  minPrice?: number | string | null;
  maxPrice?: number | string | null;
  categories?: readonly string[] | null;
  condition?: string | null;
}): boolean {
  return (
    !!toSearchWords(filters.search) ||
    !!filters.country ||
    (filters.minPrice !== undefined && filters.minPrice !== null && filters.minPrice !== '') ||
    (filters.maxPrice !== undefined && filters.maxPrice !== null && filters.maxPrice !== '') ||
    !!filters.categories?.length ||
    !!filters.condition
  );
}

/** How a saved search reads in the bell, in its e-mail and in the list: `"talavera tile" in Mexico, $10–$50`. */
export function savedSearchLabel(search: Omit<SavedSearchDto, 'id' | 'createdAt' | 'newMatches'>): string {
  const parts: string[] = [];
  const words = search.search?.trim();
  parts.push(words ? `"${words}"` : 'Everything');
  if (search.categories.length) parts.push(`in ${search.categories.join(', ')}`);
  if (search.country) parts.push(`from ${search.country}`);
  if (search.condition) parts.push(`(${search.condition.replace('-', ' ')})`);
  const min = search.minPrice !== null ? `$${Number(search.minPrice)}` : null;
  const max = search.maxPrice !== null ? `$${Number(search.maxPrice)}` : null;
  if (min && max) parts.push(`${min}–${max}`);
  else if (min) parts.push(`from ${min}`);
  else if (max) parts.push(`up to ${max}`);
  return parts.join(' ');
}

import type { Condition, SavedSearchDto } from '@souvenir/contracts';
import type { SavedSearchRow } from './saved-searches.repository';

/** The one mapper of a saved search to its DTO. */
export function toSavedSearchDto(row: SavedSearchRow): SavedSearchDto {
  return {
    id: row.id,
    search: row.search,
    country: row.country,
    minPrice: row.min_price,
    maxPrice: row.max_price,
    categories: row.categories,
    condition: row.condition as Condition | null,
    createdAt: row.created_at.toISOString(),
    newMatches: Number(row.new_matches),
  };
}

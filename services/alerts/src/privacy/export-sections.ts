import type { UserExportSql } from '@souvenir/platform';

/**
 * alerts' part of a person's data export, one query per section (`userExportPage` pages them by keyset): their saved
 * searches as they saved them, and which listings matched each (what they were told about).
 */
export const ALERTS_EXPORT_SECTIONS: Readonly<Record<string, UserExportSql>> = {
  'saved-searches': `
    SELECT json_build_object('id', id, 'search', search, 'country', country, 'minPrice', min_price,
        'maxPrice', max_price, 'categories', categories, 'condition', condition, 'createdAt', created_at,
        'seenAt', seen_at) AS item,
      created_at AS key_at, id::text AS key_id
    FROM alerts.saved_searches WHERE user_id = $1`,
  // By the owner's searches (saved_searches_user_idx), then each one's matches (matches_recent_idx).
  'saved-search-matches': `
    SELECT json_build_object('savedSearchId', m.saved_search_id, 'productId', m.product_id,
        'matchedAt', m.matched_at) AS item,
      m.matched_at AS key_at, m.id::text AS key_id
    FROM alerts.saved_searches s JOIN alerts.matches m ON m.saved_search_id = s.id
    WHERE s.user_id = $1`,
};

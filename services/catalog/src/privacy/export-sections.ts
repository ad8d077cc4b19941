import type { UserExportSql } from '@souvenir/platform';

/**
 * catalog's part of a person's data export, one query per section (`userExportPage` pages them by keyset).
 * Every listing the person created, whatever its status, with its photo URLs and provenance, and their away mode.
 */
export const CATALOG_EXPORT_SECTIONS: Readonly<Record<string, UserExportSql>> = {
  listings: `
    SELECT json_build_object('id', id, 'title', title, 'description', description, 'price', price,
        'originalPrice', original_price, 'condition', condition, 'category', category, 'country', country,
        'images', images, 'status', status, 'contents', contents, 'provenance', provenance,
        'originLevel', origin_level, 'createdAt', created_at, 'updatedAt', updated_at) AS item,
      created_at AS key_at, id::text AS key_id
    FROM catalog.products WHERE seller_id = $1`,
  // The return date and automatic reply while away mode is on (one row at most: nothing is kept once it ends).
  'away-mode': `
    SELECT json_build_object('until', to_char(away_until, 'YYYY-MM-DD'), 'message', away_message) AS item,
      updated_at AS key_at, id::text AS key_id
    FROM catalog.sellers WHERE id = $1 AND away_until IS NOT NULL`,
};

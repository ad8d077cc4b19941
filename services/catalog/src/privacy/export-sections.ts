import type { UserExportSql } from '@souvenir/platform';

/**
 * catalog's part of a person's data export, one query per section (`userExportPage` pages them by keyset).
 * Every listing the person created, whatever its status, with its photo URLs and provenance.
 */
export const CATALOG_EXPORT_SECTIONS: Readonly<Record<string, UserExportSql>> = {
  listings: `
    SELECT json_build_object('id', id, 'title', title, 'description', description, 'price', price,
        'originalPrice', original_price, 'condition', condition, 'category', category, 'country', country,
        'images', images, 'status', status, 'contents', contents, 'provenance', provenance,
        'originLevel', origin_level, 'createdAt', created_at, 'updatedAt', updated_at) AS item,
      created_at AS key_at, id::text AS key_id
    FROM catalog.products WHERE seller_id = $1`,
};

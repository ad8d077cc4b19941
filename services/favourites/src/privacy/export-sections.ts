import type { UserExportSql } from '@souvenir/platform';

/**
 * favourites's part of a person's data export, one query per section (`userExportPage` pages them by keyset).
 * Active favourites, each with the product as it was stored when favourited.
 */
export const FAVOURITES_EXPORT_SECTIONS: Readonly<Record<string, UserExportSql>> = {
  favourites: `
    SELECT json_build_object('productId', f.product_id, 'favouritedAt', f.favourited_at, 'product', c.card) AS item,
      f.favourited_at AS key_at, f.product_id::text AS key_id
    FROM favourites.favourites f LEFT JOIN favourites.product_cards c ON c.product_id = f.product_id
    WHERE f.user_id = $1 AND f.is_active`,
};

import type { SellerDto } from '@souvenir/contracts';

/** A seller's columns as catalog's products and favourites' stored cards both read them (`seller_*`). */
export interface SellerColumns {
  seller_id: string;
  seller_first_name: string;
  seller_last_name: string;
  seller_avatar: string | null;
  seller_is_verified: boolean;
  seller_rating_average: number | null;
  seller_rating_count: number;
}

/**
 * The seller of a product card, in SellerDto's member order: the favourites page's JSON is compared byte for byte
 * with catalog's product, so both services write the seller from here.
 */
export function sellerOfColumns(row: SellerColumns): SellerDto {
  return {
    id: row.seller_id,
    firstName: row.seller_first_name,
    lastName: row.seller_last_name,
    avatar: row.seller_avatar,
    isVerified: row.seller_is_verified,
    rating:
      row.seller_rating_average === null
        ? null
        : { average: row.seller_rating_average, count: row.seller_rating_count },
  };
}

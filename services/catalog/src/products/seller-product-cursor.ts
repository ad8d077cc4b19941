import { timeIdCursor } from '@souvenir/platform';

/**
 * Where a page of a seller's products ends: the last product's creation time (with Postgres's microseconds) and id,
 * the order of products_seller_idx. The next page starts strictly after it, so pages never repeat or skip one.
 */
export interface SellerProductKey {
  createdAt: string;
  id: string;
}

export const { encode: encodeSellerProductCursor, decode: decodeSellerProductCursor } = timeIdCursor('createdAt', 'id');

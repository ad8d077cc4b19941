import { OFFER_DEFAULTS } from '@souvenir/contracts';
import type { OfferEntity } from './offer.entity';
import type { OfferItemEntity } from './offer-item.entity';

/** The ids of an offer's items in the order offered: a bundle's rows, or its one item. */
export function itemIdsOf(offer: OfferEntity, items: readonly OfferItemEntity[] | undefined): string[] {
  return offer.itemCount > 1 && items?.length ? items.map((item) => item.productId) : [offer.productId];
}

/** The same items in the same order (ids compare case-insensitively): what paying an accepted offer asks for. */
export function sameItems(offered: readonly string[], asked: readonly string[]): boolean {
  return offered.length === asked.length && offered.every((id, i) => id.toLowerCase() === asked[i]!.toLowerCase());
}

/**
 * The first of `productIds` on which the buyer already made as many offers as one item takes (any status), a bundle
 * offer counting for each of its items; null when every item may take one more.
 */
export function itemAtLimit(
  productIds: readonly string[],
  earlierItems: readonly (readonly string[])[],
  max: number = OFFER_DEFAULTS.maxPerBuyerAndItem,
): string | null {
  for (const productId of productIds) {
    const id = productId.toLowerCase();
    const count = earlierItems.filter((items) => items.some((item) => item.toLowerCase() === id)).length;
    if (count >= max) return productId;
  }
  return null;
}

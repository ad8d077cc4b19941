import type { BundleDiscountDto } from './bundleContract';

/** "Buy 2+ from this seller, save 10 %": how a seller's bundle discount reads on their items. */
export const bundleOfferText = (discount: BundleDiscountDto) =>
  `Buy ${discount.minItems}+ from this seller, save ${discount.percent} %`;

/** What is still missing for the discount ("Add 1 more item to save 10 %"), or null when it applies or there is none. */
export function bundleNeedText(count: number, discount: BundleDiscountDto | null | undefined): string | null {
  if (!discount || discount.percent <= 0 || count >= discount.minItems) return null;
  const missing = discount.minItems - count;
  return `Add ${missing} more ${missing === 1 ? 'item' : 'items'} from this seller to save ${discount.percent} %`;
}

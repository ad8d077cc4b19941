import { IsDateString, IsInt, IsUUID, Max, Min } from 'class-validator';

// The limits and messages live in a module without validators, so that a reader of them alone (the web app's start,
// which caps the kept bundle) does not bring class-validator with it.
import { BUNDLE_MAX_ITEMS, BUNDLE_MAX_PERCENT, BUNDLE_MESSAGES, BUNDLE_MIN_ITEMS } from './bundle-limits';

export { BUNDLE_MAX_ITEMS, BUNDLE_MAX_PERCENT, BUNDLE_MESSAGES, BUNDLE_MIN_ITEMS };

/**
 * An order's or an offer's items in a few words, for subjects and sentences: "Tile A" for one, "Tile A and 1 more
 * item", "Tile A and 2 more items" for a bundle (the first item's title leads). The bell, the mails and the
 * conversation's notes say it the same way.
 */
export function itemsInWords(firstTitle: string, itemCount = 1): string {
  const more = itemCount - 1;
  return more > 0 ? `${firstTitle} and ${more} more ${more === 1 ? 'item' : 'items'}` : firstTitle;
}

/**
 * A seller's bundle discount (`GET/PUT /api/me/bundle-discount`, and `ProductDto.seller.bundleDiscount`):
 * `percent` off a bundle of at least `minItems` of their items. Percent 0 means no bundle discount.
 */
export class BundleDiscountDto {
  @IsInt({ message: BUNDLE_MESSAGES.minItems })
  @Min(BUNDLE_MIN_ITEMS, { message: BUNDLE_MESSAGES.minItems })
  @Max(BUNDLE_MAX_ITEMS, { message: BUNDLE_MESSAGES.minItems })
  minItems!: number;

  @IsInt({ message: BUNDLE_MESSAGES.percent })
  @Min(0, { message: BUNDLE_MESSAGES.percent })
  @Max(BUNDLE_MAX_PERCENT, { message: BUNDLE_MESSAGES.percent })
  percent!: number;
}

/** What a seller who never set one has: no discount. */
export const NO_BUNDLE_DISCOUNT: BundleDiscountDto = { minItems: BUNDLE_MIN_ITEMS, percent: 0 };

export interface BundlePrice {
  subtotal: string;
  discount: string;
  total: string;
}

const centsOf = (price: string): number => {
  const [whole, fraction = ''] = price.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
};
const textOf = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/**
 * The one formula of a bundle's price, used by the server (which charges it) and the web (which shows it):
 * the discount applies from `minItems` items and is rounded to the cent. Computed in whole cents, never floats.
 */
export function bundlePrice(prices: string[], discount: BundleDiscountDto | undefined): BundlePrice {
  const subtotal = prices.reduce((sum, price) => sum + centsOf(price), 0);
  const applies = discount && discount.percent > 0 && prices.length >= discount.minItems;
  const off = applies ? Math.round((subtotal * discount.percent) / 100) : 0;
  return { subtotal: textOf(subtotal), discount: textOf(off), total: textOf(subtotal - off) };
}

/**
 * What each item's share of the amount paid is (the discount spread pro rata to the prices, in cents; the cents
 * left by rounding go to the last item), so that refunding every item refunds exactly the amount paid.
 */
export function itemShares(priceCents: number[], paidCents: number): number[] {
  const subtotal = priceCents.reduce((sum, cents) => sum + cents, 0);
  if (subtotal === 0) return priceCents.map((_, i) => (i === priceCents.length - 1 ? paidCents : 0));
  const shares = priceCents.map((cents) => Math.floor((cents * paidCents) / subtotal));
  shares[shares.length - 1] += paidCents - shares.reduce((sum, cents) => sum + cents, 0);
  return shares;
}

/** `payments.bundle-discount.get`: the signed-in seller's own bundle discount. */
export class GetBundleDiscountRequest {
  @IsUUID('all') actorId!: string;
}

/** `payments.bundle-discount.set`: the signed-in seller sets their bundle discount. */
export class SetBundleDiscountRequest extends BundleDiscountDto {
  @IsUUID('all') actorId!: string;
}

/**
 * A seller's bundle discount changed (payments owns it): catalog keeps a copy on its sellers to show it on their
 * products. `version` grows per seller, so a read model keeps the newest whatever the order of delivery.
 */
export class BundleDiscountChangedEvent extends BundleDiscountDto {
  @IsUUID('all') sellerId!: string;
  @IsInt() @Min(1) version!: number;
  @IsDateString() occurredAt!: string;
}

/**
 * The bundle shapes of the HTTP contract (API.md "Turn 3"), as the web reads them. Kept here until libs/contracts
 * carries them; then these re-export the contracts' ones, so bundlePrice() has one owner for server and web.
 */
import type { OrderDetailDto, OrderSummaryDto, ProductDto } from '@souvenir/contracts';

/** A bundle holds at most this many items (one parcel); from two it is a bundle, one item is a plain checkout. */
export const BUNDLE_MIN_ITEMS = 2;
export const BUNDLE_MAX_ITEMS = 10;
/** The highest bundle discount a seller may give, in percent. */
export const BUNDLE_MAX_PERCENT = 50;

export const BUNDLE_MESSAGES = {
  oneSeller: 'A bundle holds items of one seller.',
  minItems: `The bundle discount starts at ${BUNDLE_MIN_ITEMS} to ${BUNDLE_MAX_ITEMS} items.`,
  percent: `The bundle discount is a whole percent from 0 to ${BUNDLE_MAX_PERCENT}.`,
} as const;

/** A seller's bundle discount: `percent` off a bundle of at least `minItems` of their items; 0 % is none. */
export interface BundleDiscountDto {
  minItems: number;
  percent: number;
}

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

/** The one formula of a bundle's price (the server charges what this computes): whole cents, never floats. */
export function bundlePrice(prices: string[], discount: BundleDiscountDto | undefined): BundlePrice {
  const subtotal = prices.reduce((sum, price) => sum + centsOf(price), 0);
  const applies = discount && discount.percent > 0 && prices.length >= discount.minItems;
  const off = applies ? Math.round((subtotal * discount.percent) / 100) : 0;
  return { subtotal: textOf(subtotal), discount: textOf(off), total: textOf(subtotal - off) };
}

/** A product as the API shows it, with its seller's bundle discount (present only when its percent is above 0). */
export type BundleProduct = ProductDto & { seller: ProductDto['seller'] & { bundleDiscount?: BundleDiscountDto } };

/** One item of an order: every order lists its items (one for a single purchase). */
export interface OrderItemDto {
  id: string;
  title: string;
  image: string | null;
  price: string;
  refunded: boolean;
}

/** What an order answer carries for its items: `discount` when a bundle discount applied, `refundedAmount` when part of it was refunded. */
export interface OrderItemsPart {
  items?: OrderItemDto[];
  discount?: string;
  refundedAmount?: string;
}
export type OrderDetailWithItems = OrderDetailDto & OrderItemsPart;
export type OrderSummaryWithItems = OrderSummaryDto & OrderItemsPart;

/** The order's items; an answer without them (an older one) has its one product. */
export function orderItems(order: (OrderDetailDto | OrderSummaryDto) & OrderItemsPart): OrderItemDto[] {
  return order.items?.length
    ? order.items
    : [{ ...order.product, price: order.amount, refunded: order.status === 'refunded' }];
}

/**
 * The bundle parts of the contract (libs/contracts) as the web reads them: bundlePrice() there is the one formula
 * the server charges and every page shows. Only the web's own readings of the answers are added here.
 */
import type { OrderItemDto } from '@souvenir/contracts';

export {
  BUNDLE_MAX_ITEMS,
  BUNDLE_MAX_PERCENT,
  BUNDLE_MESSAGES,
  BUNDLE_MIN_ITEMS,
  bundlePrice,
  type BundleDiscountDto,
  type BundlePrice,
  type OrderItemDto,
} from '@souvenir/contracts';

/** An order answer as the pages read it: every item, the bundle discount and a partial refund. */
export interface OrderItemsPart {
  items?: OrderItemDto[];
  discount?: string;
  refundedAmount?: string;
}

/** The order's items; an answer without them (kept from before bundles) has its one product. */
export function orderItems(
  order: OrderItemsPart & {
    product: { id: string; title: string; image: string | null };
    amount: string;
    status: string;
  },
): OrderItemDto[] {
  return order.items?.length
    ? order.items
    : [{ ...order.product, price: order.amount, refunded: order.status === 'refunded' }];
}

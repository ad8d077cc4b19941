import type { OrderStatus } from '@souvenir/contracts';
import type { EntityManager } from 'typeorm';

/** What payouts read of an order: its money, who gets it, and what holds it back. */
export interface FundedOrder {
  id: string;
  sellerId: string;
  productTitle: string;
  /** How many items the order holds, when its reader asked (`OrderFunds.findById`): a bundle's several. */
  itemCount?: number;
  amountCents: number;
  currency: string;
  status: OrderStatus;
  paidAt: Date | null;
  refundedAt: Date | null;
  /** What a claim refunded of some of a bundle's items (null: the order's refund, if any, is all of it). */
  refundCents: number | null;
  providerChargeId: string | null;
  cardLast4: string | null;
  cardDisputeStatus: 'open' | 'won' | 'lost' | null;
  cardDisputeOpenedAt: Date | null;
}

/**
 * What the buyer still paid for the order: its amount less what was refunded to them already (all of it, or a claim's
 * refund of some items once made). A card dispute can take back this much and no more.
 */
export function stillPaidCents(order: Pick<FundedOrder, 'amountCents' | 'refundedAt' | 'refundCents'>): number {
  if (!order.refundedAt) return order.amountCents;
  return order.refundCents === null ? 0 : order.amountCents - order.refundCents;
}

/** Orders as payouts see them. orders/ provides it, so that payouts/ never imports orders/ while orders/ calls payouts. */
export abstract class OrderFunds {
  /** The order, with `itemCount` (the payout's announcement names a bundle by its first item and the count). */
  abstract findById(orderId: string): Promise<FundedOrder | null>;
  /** The order, its row locked in the caller's transaction. */
  abstract lockById(manager: EntityManager, orderId: string): Promise<FundedOrder | null>;
}

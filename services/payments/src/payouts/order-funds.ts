import type { OrderStatus } from '@souvenir/contracts';
import type { EntityManager } from 'typeorm';

/** What payouts read of an order: its money, who gets it, and what holds it back. */
export interface FundedOrder {
  id: string;
  sellerId: string;
  productTitle: string;
  amountCents: number;
  currency: string;
  status: OrderStatus;
  paidAt: Date | null;
  refundedAt: Date | null;
  providerChargeId: string | null;
  cardLast4: string | null;
  cardDisputeStatus: 'open' | 'won' | 'lost' | null;
  cardDisputeOpenedAt: Date | null;
}

/** Orders as payouts see them. orders/ provides it, so that payouts/ never imports orders/ while orders/ calls payouts. */
export abstract class OrderFunds {
  abstract findById(orderId: string): Promise<FundedOrder | null>;
  /** The order, its row locked in the caller's transaction. */
  abstract lockById(manager: EntityManager, orderId: string): Promise<FundedOrder | null>;
}

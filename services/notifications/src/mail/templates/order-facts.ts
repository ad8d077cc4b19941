import { facts, money, type MailBlock } from './blocks';

/**
 * What an order's mail says about the order, asked from payments just before sending (the events carry ids only):
 * the item, the money, the seller, and the link that opens the order for this recipient (a guest's private link
 * `/orders/<token>`, a member's `/orders/<id>`).
 */
export interface OrderFacts {
  orderId: string;
  productTitle: string;
  amountCents: number;
  currency: string;
  sellerName: string | null;
  /** The order page for this recipient, a path on the site. */
  link: string;
}

export const orderFacts = (order: OrderFacts): MailBlock =>
  facts([
    ['Item', order.productTitle],
    ['Total', money(order.amountCents, order.currency)],
    ...(order.sellerName ? [['Seller', order.sellerName] as [string, string]] : []),
    ['Order', order.orderId.slice(0, 8).toUpperCase()],
  ]);

/** The parameters of every order mail: the facts, and a reason or carrier when the change has one. */
export interface OrderMailParams {
  order: OrderFacts;
  reason?: string;
  carrier?: string;
  trackingNumber?: string;
}

import { itemsInWords } from '@souvenir/contracts';
import { facts, money, type MailBlock } from './blocks';

/**
 * What an order's mail says about the order, asked from payments just before sending (the events carry ids only):
 * the item, the money, the seller, and the link that opens the order for this recipient (a guest's private link
 * `/orders/<token>`, a member's `/orders/<id>`).
 */
export interface OrderFacts {
  orderId: string;
  productTitle: string;
  /** Every item's title (a bundle's several); absent from answers of before bundles: `productTitle` alone. */
  itemTitles?: string[];
  amountCents: number;
  currency: string;
  sellerName: string | null;
  /** The order page for this recipient, a path on the site. */
  link: string;
}

/** The order's items in a few words, for a subject or a button: "Tile A and 2 more items". */
export const orderName = (order: OrderFacts): string => itemsInWords(order.productTitle, order.itemTitles?.length ?? 1);

/** The facts block: a bundle lists every item, one row each. */
export const orderFacts = (order: OrderFacts): MailBlock =>
  facts([
    ...(order.itemTitles && order.itemTitles.length > 1
      ? order.itemTitles.map((title, i): [string, string] => [`Item ${i + 1}`, title])
      : [['Item', order.productTitle] as [string, string]]),
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

import { button, paragraph, tracking, type MailBlock } from '../blocks';
import { defineMail } from '../define-mail';
import { orderFacts, type OrderMailParams } from '../order-facts';

/** The order changes that are mailed, each with its subject and sentence (one per recipient's point of view). */
export const ORDER_UPDATES = {
  shipped: ['Your Souvenir Swap order was shipped', 'Your order was shipped.'],
  delivered: ['Your Souvenir Swap order was delivered', 'Your order was marked delivered.'],
  completed: ['Your Souvenir Swap order is complete', 'Your order is complete. Thank you for buying on Souvenir Swap.'],
  'sale-completed': ['Your sale is complete', 'Your sale is complete: the money is on its way to you.'],
  cancelled: ['Your Souvenir Swap order was cancelled', 'Your order was cancelled and your payment is being refunded.'],
  'sale-cancelled': ['A sale was cancelled', 'A sale of yours was cancelled and the buyer refunded.'],
  refunded: ['Your Souvenir Swap order was refunded', 'Your order was refunded to your card.'],
  'claim-opened': ['A buyer opened a claim on your sale', 'The buyer opened a claim: please answer it.'],
  'claim-answered': ['The seller answered your claim', 'The seller answered your claim; support will decide it.'],
  'claim-decided': ['Your claim was decided', 'Support decided the claim on this order.'],
} as const;

export type OrderUpdate = keyof typeof ORDER_UPDATES;

/** Shipped, delivered, completed, cancelled, refunded, claim opened / answered / decided. */
export const orderUpdate = defineMail<OrderMailParams & { update: OrderUpdate }>({
  kind: 'order-update',
  transactional: true,
  compose: ({ order, update, reason, carrier, trackingNumber }) => {
    const [subject, sentence] = ORDER_UPDATES[update];
    const blocks: MailBlock[] = [paragraph(sentence)];
    if (carrier) blocks.push(tracking(carrier, trackingNumber));
    if (reason) blocks.push(paragraph(reason));
    blocks.push(orderFacts(order), button('Open the order', order.link));
    return { subject, blocks };
  },
});

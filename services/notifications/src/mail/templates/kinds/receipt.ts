import { button, paragraph } from '../blocks';
import { defineMail } from '../define-mail';
import { orderFacts, orderName, type OrderMailParams } from '../order-facts';

/** The buyer's receipt, members and guests alike; a guest's button is their private order link. */
export const receipt = defineMail<OrderMailParams>({
  kind: 'receipt',
  transactional: true,
  compose: ({ order }) => ({
    subject: `Your Souvenir Swap receipt: ${orderName(order)}`,
    preview: 'Thank you for your order. Keep this e-mail: its link opens your order.',
    blocks: [
      paragraph('Thank you for your order. Your payment went through and the seller has been asked to ship it.'),
      orderFacts(order),
      button('View your order', order.link),
      paragraph('Keep this e-mail: the button above opens your order, where you can follow it and message the seller.'),
    ],
  }),
});

import { button, paragraph } from '../blocks';
import { defineMail } from '../define-mail';
import { orderFacts, type OrderMailParams } from '../order-facts';

/** The seller made a sale: ship it. */
export const sale = defineMail<OrderMailParams>({
  kind: 'sale',
  transactional: true,
  compose: ({ order }) => ({
    subject: 'You made a sale on Souvenir Swap',
    blocks: [paragraph('You made a sale: please ship it.'), orderFacts(order), button('Open the order', order.link)],
  }),
});

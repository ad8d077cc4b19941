import { button, paragraph } from '../blocks';
import { defineMail } from '../define-mail';

/** An item the person favourited is cheaper now. Not a transaction: it carries the unsubscribe link. */
export const priceDrop = defineMail<{ productId: string; title: string; price: string; previousPrice: string }>({
  kind: 'price-drop',
  transactional: false,
  compose: ({ productId, title, price, previousPrice }) => ({
    subject: `Price drop: ${title} is now $${price}`,
    blocks: [
      paragraph(`${title}, which you favourited, went down from $${previousPrice} to $${price}.`),
      button('See the item', `/product/${productId}`),
    ],
  }),
});

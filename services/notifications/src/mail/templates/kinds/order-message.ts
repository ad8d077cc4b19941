import { button, paragraph, quote } from '../blocks';
import { defineMail } from '../define-mail';
import { orderName, type OrderMailParams } from '../order-facts';

/** The seller wrote to a guest buyer about their order: the message, and the link back to the order page. */
export const orderMessage = defineMail<OrderMailParams & { author: string; text: string }>({
  kind: 'order-message',
  transactional: true,
  compose: ({ order, author, text }) => ({
    subject: `New message about your order: ${orderName(order)}`,
    blocks: [
      paragraph(`${author} wrote to you about your order.`),
      quote(author, text),
      button('Reply on your order page', order.link),
    ],
  }),
});

import { button, paragraph, type MailBlock } from '../blocks';
import { defineMail } from '../define-mail';
import { orderName, type OrderFacts } from '../order-facts';

/** "Find my order": the links of the guest orders paid with this address (only sent when there is at least one). */
export const orderLinks = defineMail<{ orders: OrderFacts[] }>({
  kind: 'order-links',
  transactional: true,
  compose: ({ orders }) => ({
    subject: 'Your Souvenir Swap orders',
    blocks: [
      paragraph(
        orders.length === 1
          ? 'Here is the link to the order you paid for with this address.'
          : `Here are the links to the ${orders.length} orders you paid for with this address.`,
      ),
      ...orders.map((order): MailBlock => button(orderName(order), order.link)),
      paragraph('Someone asked for these links on Souvenir Swap. If it was not you, you can ignore this e-mail.'),
    ],
  }),
});

import type { OrderMessageSentEvent } from '@souvenir/contracts';
import type { Delivery } from '../live/deliveries';
import type { MailDraft } from '../mail/mail-draft';

/**
 * A message on an order: the members among its buyer and seller see it at once (the author's other tabs too), the
 * recipient in the bell as well. Pure functions of the event, so a redelivery names the same mail.
 */
export function orderMessageDeliveries(event: OrderMessageSentEvent): Delivery[] {
  const data = { type: 'order.message', orderId: event.orderId, messageId: event.messageId } as const;
  const parties: ['buyer' | 'seller', string | null][] = [
    ['buyer', event.buyerUserId],
    ['seller', event.sellerId],
  ];
  return parties.flatMap(([role, userId]): Delivery[] => {
    if (!userId) return [];
    if (role === event.from) return [{ userId, data }];
    const about = role === 'buyer' ? 'your order' : 'your sale';
    return [
      {
        userId,
        data,
        notification: {
          kind: 'order',
          text: `${event.authorName} wrote about ${about}`,
          link: `/orders/${event.orderId}`,
        },
      },
    ];
  });
}

/**
 * The seller's message is mailed to the buyer, a guest at the address they paid with: a guest has no page to be
 * told on, and the mail's link (a new private one) brings them back to their order page to answer.
 */
export function orderMessageMails(event: OrderMessageSentEvent): MailDraft[] {
  if (event.from !== 'seller') return [];
  return [
    {
      eventId: `order-message:${event.messageId}`,
      kind: 'order-message',
      to: event.buyerUserId ? { userId: event.buyerUserId } : { guestOfOrder: event.orderId },
      orderId: event.orderId,
      params: { author: event.authorName, text: event.content },
    },
  ];
}

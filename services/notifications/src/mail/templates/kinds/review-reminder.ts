import { button, paragraph } from '../blocks';
import { defineMail } from '../define-mail';

/** A reminder, not a transaction: it carries the unsubscribe link. */
export const reviewReminder = defineMail<{ orderId: string; dueBy: string }>({
  kind: 'review-reminder',
  transactional: false,
  compose: ({ orderId, dueBy }) => {
    const date = new Date(dueBy).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });
    return {
      subject: 'Leave a review for your Souvenir Swap order',
      blocks: [
        paragraph(`Leave a review for your order before ${date}.`),
        button('Write your review', `/orders/${orderId}`),
      ],
    };
  },
});

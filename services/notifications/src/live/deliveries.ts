import type {
  InboxChangedEvent,
  LiveEventData,
  MessageSentEvent,
  NotificationKind,
  OrderChangedEvent,
  OrderPaidEvent,
  PayoutPaidEvent,
  ReviewPublishedEvent,
  ReviewReminderDueEvent,
  ReviewWrittenEvent,
} from '@souvenir/contracts';

/** A bell notification, as written for its recipient. */
export interface NotificationDraft {
  kind: NotificationKind;
  text: string;
  link: string;
}

/** One recipient's copy of a domain event: a live event, and a notification when it is one for the bell. */
export interface Delivery {
  userId: string;
  data: LiveEventData;
  notification?: NotificationDraft;
}

type OrderStatus = OrderChangedEvent['to'];
type Role = 'buyer' | 'seller';

/*
 * Who is told what. Only the people who may read the thing are recipients: a message's sender and recipient, an
 * order's buyer (a member; a guest has no account to push to) and seller, a payout's seller. The bell holds what
 * asks for attention: changes to an order made by someone else, and payouts. Messages have their own badge.
 */

export function messageSent(event: MessageSentEvent): Delivery[] {
  const data: LiveEventData = {
    type: 'message.sent',
    messageId: event.messageId,
    fromUserId: event.fromUserId,
    toUserId: event.toUserId,
    productId: event.productId,
  };
  return [event.toUserId, event.fromUserId].map((userId) => ({ userId, data }));
}

export function inboxChanged(event: InboxChangedEvent): Delivery[] {
  return [{ userId: event.userId, data: { type: 'inbox.changed', version: event.version } }];
}

export function orderPaid(event: OrderPaidEvent): Delivery[] {
  return orderDeliveries(event, null, 'paid', 'buyer');
}

export function orderChanged(event: OrderChangedEvent): Delivery[] {
  return orderDeliveries(event, event.from, event.to, event.actor);
}

export function payoutPaid(event: PayoutPaidEvent): Delivery[] {
  const amount = `${event.currency === 'usd' ? '$' : ''}${(event.amountCents / 100).toFixed(2)}`;
  return [
    {
      userId: event.sellerId,
      data: {
        type: 'payout.paid',
        payoutId: event.payoutId,
        orderId: event.orderId,
        amountCents: event.amountCents,
        currency: event.currency,
      },
      notification: { kind: 'payout', text: `${amount} was paid out to your account`, link: '/profile/payouts' },
    },
  ];
}

/**
 * A review was written: the person reviewed is told by name, in the bell, that theirs unlocks it (double-blind); the
 * author's other tabs update their order page.
 */
export function reviewWritten(event: ReviewWrittenEvent, authorName: string | undefined): Delivery[] {
  const data: LiveEventData = {
    type: 'review.changed',
    orderId: event.orderId,
    subjectId: event.subjectId,
    change: 'written',
  };
  const who = authorName ?? 'The other person of your order';
  return [
    {
      userId: event.subjectId,
      data,
      notification: {
        kind: 'review',
        text: `${who} reviewed you: write yours to see it`,
        link: `/orders/${event.orderId}`,
      },
    },
    { userId: event.authorId, data },
  ];
}

/** A review became public: its author is told in the bell; the reviewed person's profile and order page update. */
export function reviewPublished(event: ReviewPublishedEvent, subjectName: string | undefined): Delivery[] {
  const data: LiveEventData = {
    type: 'review.changed',
    orderId: event.orderId,
    subjectId: event.subjectId,
    change: 'published',
  };
  return [
    {
      userId: event.authorId,
      data,
      notification: {
        kind: 'review',
        text: subjectName ? `Your review of ${subjectName} is published` : 'Your review is published',
        link: `/profile/${event.subjectId}?tab=reviews`,
      },
    },
    { userId: event.subjectId, data },
  ];
}

/** Someone has a review to write: in the bell (and by mail: mail/mails.ts). */
export function reminderDue(event: ReviewReminderDueEvent): Delivery[] {
  const dueBy = new Date(event.dueBy).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });
  return [
    {
      userId: event.userId,
      data: { type: 'review.changed', orderId: event.orderId, subjectId: event.userId, change: 'reminder' },
      notification: {
        kind: 'review',
        text: `Leave a review for your order before ${dueBy}`,
        link: `/orders/${event.orderId}`,
      },
    },
  ];
}

function orderDeliveries(
  order: { orderId: string; productId: string; sellerId: string; buyerUserId: string | null },
  from: OrderStatus | null,
  to: OrderStatus,
  actor: OrderChangedEvent['actor'],
): Delivery[] {
  const parties: [Role, string | null][] = [
    ['buyer', order.buyerUserId],
    ['seller', order.sellerId],
  ];
  return parties.flatMap(([role, userId]): Delivery[] => {
    if (!userId) return [];
    const data: LiveEventData = {
      type: 'order.changed',
      orderId: order.orderId,
      productId: order.productId,
      from,
      to,
      role,
    };
    if (actor === role) return [{ userId, data }];
    const kind: NotificationKind = from === null ? 'sale' : 'order';
    const notification: NotificationDraft = { kind, text: orderText(role, from, to), link: `/orders/${order.orderId}` };
    return [{ userId, data, notification }];
  });
}

const BUYER_TEXT: Record<OrderStatus, string> = {
  paid: 'Your order was updated',
  shipped: 'Your order was shipped',
  delivered: 'Your order was marked delivered',
  completed: 'Your order is complete',
  cancelled: 'Your order was cancelled and refunded',
  disputed: 'Your claim was opened',
  refunded: 'Your order was refunded',
};

const SELLER_TEXT: Record<OrderStatus, string> = {
  paid: 'An order of yours was updated',
  shipped: 'Your sale was marked shipped',
  delivered: 'Your sale was marked delivered',
  completed: 'Your sale is complete: the money is on its way to you',
  cancelled: 'A sale was cancelled',
  disputed: 'The buyer opened a claim: please answer it',
  refunded: 'A sale was refunded to the buyer',
};

function orderText(role: Role, from: OrderStatus | null, to: OrderStatus): string {
  if (from === null) return role === 'seller' ? 'You made a sale: please ship it' : 'Your payment went through';
  return (role === 'buyer' ? BUYER_TEXT : SELLER_TEXT)[to];
}

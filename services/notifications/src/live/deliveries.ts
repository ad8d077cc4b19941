import {
  itemsInWords,
  type InboxChangedEvent,
  type LiveEventData,
  type MessageSentEvent,
  type NotificationKind,
  type OfferChangedEvent,
  type OrderChangedEvent,
  type OrderPaidEvent,
  type PayoutPaidEvent,
  type ProductReservationEndedEvent,
  type ProductReservedEvent,
  type ReviewPublishedEvent,
  type ReviewReminderDueEvent,
  type ReviewWrittenEvent,
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

/** A sale's money was paid out; `item` is the sold item's title when known (the event's, else the order's). */
export function payoutPaid(event: PayoutPaidEvent, item = event.productTitle): Delivery[] {
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
      notification: {
        kind: 'payout',
        text: `${amount}${item ? ` for ${itemsInWords(item, event.itemCount)}` : ''} was paid out to your account`,
        link: '/profile/payouts',
      },
    },
  ];
}

/**
 * A review was written: the person reviewed is told by name, in the bell, that theirs unlocks it (double-blind); the
 * author's other tabs update their order page.
 */
export function reviewWritten(event: ReviewWrittenEvent, authorName: string | undefined, item?: string): Delivery[] {
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
        text: `${who} reviewed you${item ? ` for ${item}` : ''}: write yours to see it`,
        link: `/orders/${event.orderId}`,
      },
    },
    { userId: event.authorId, data },
  ];
}

/** A review became public: its author is told in the bell; the reviewed person's profile and order page update. */
export function reviewPublished(
  event: ReviewPublishedEvent,
  subjectName: string | undefined,
  item?: string,
): Delivery[] {
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
        text: `Your review${subjectName ? ` of ${subjectName}` : ''}${item ? ` for ${item}` : ''} is published`,
        link: `/profile/${event.subjectId}?tab=reviews`,
      },
    },
    { userId: event.subjectId, data },
  ];
}

/**
 * Someone has a review to write: in the bell (and by mail: mail/mails.ts). `order` names the item and whose sale it
 * was, when payments' order events have told this service.
 */
export function reminderDue(
  event: ReviewReminderDueEvent,
  order?: { productTitle: string; sellerId: string },
): Delivery[] {
  const dueBy = new Date(event.dueBy).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });
  return [
    {
      userId: event.userId,
      data: { type: 'review.changed', orderId: event.orderId, subjectId: event.userId, change: 'reminder' },
      notification: {
        kind: 'review',
        text: order
          ? `Leave a review for your ${order.sellerId === event.userId ? 'sale' : 'order'} of ${order.productTitle} before ${dueBy}`
          : `Leave a review for your order before ${dueBy}`,
        link: `/orders/${event.orderId}`,
      },
    },
  ];
}

/**
 * An offer changed: both people's Offers pages reload; the bell tells the one who did not act (both when it expired; only
 * the buyer when a sale or a removal ended it; nobody when it was paid for: the order's own notifications say so).
 * `buyerName` is the buyer's first name when identity has told this service.
 */
export function offerChanged(event: OfferChangedEvent, buyerName: string | undefined, sellerName?: string): Delivery[] {
  const data: LiveEventData = {
    type: 'offer.changed',
    offerId: event.offerId,
    productId: event.productId,
    status: event.status,
  };
  const texts = offerTexts(event, buyerName ?? 'A buyer', sellerName ?? 'The seller');
  return (['buyer', 'seller'] as const).map((role): Delivery => {
    const userId = role === 'buyer' ? event.buyerId : event.sellerId;
    const text = texts[role];
    return text
      ? { userId, data, notification: { kind: 'offer', text, link: `/offers?tab=${role}` } }
      : { userId, data };
  });
}

/** What the buyer and the seller are told of an offer's change (undefined: not told). */
function offerTexts(event: OfferChangedEvent, buyer: string, seller: string): Partial<Record<Role, string>> {
  // An offer on a bundle names its lead item and how many more ("Rug and 2 more items").
  const item = itemsInWords(event.productTitle, (event.moreItems ?? 0) + 1);
  const amount = `$${(event.amountCents / 100).toFixed(2)}`;
  // The seller's offer to the item's favouriters waits for the buyer as a counter does, but is no answer to theirs.
  if (event.origin === 'seller') {
    if (event.status === 'countered')
      return { buyer: `${seller} offers you ${item}, which you favourited, for ${amount}` };
    if (event.status === 'accepted' && event.actor === 'buyer')
      return { seller: `${buyer} accepted your offer of ${amount} for ${item}` };
    if (event.status === 'declined' && event.actor === 'buyer')
      return { seller: `${buyer} declined your offer of ${amount} for ${item}` };
  }
  switch (event.status) {
    case 'pending':
      return { seller: `${buyer} offered ${amount} for ${item}` };
    case 'countered':
      return { buyer: `The seller countered your offer on ${item} with ${amount}` };
    case 'accepted': {
      const by = new Date(event.expiresAt).toLocaleString('en-GB', {
        day: 'numeric',
        month: 'long',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'UTC',
      });
      return event.actor === 'seller'
        ? { buyer: `Your offer of ${amount} for ${item} was accepted: pay for it before ${by} UTC` }
        : { seller: `${buyer} accepted your counter-offer of ${amount} for ${item}` };
    }
    case 'declined':
      return event.actor === 'seller'
        ? { buyer: `Your offer of ${amount} for ${item} was declined` }
        : { seller: `${buyer} declined your counter-offer of ${amount} for ${item}` };
    case 'withdrawn':
      return { seller: `${buyer} withdrew their offer of ${amount} for ${item}` };
    case 'expired':
      return { buyer: `Your offer of ${amount} for ${item} expired`, seller: `${buyer}'s offer for ${item} expired` };
    case 'ended':
      return {
        buyer: event.moreItems
          ? `Your offer of ${amount} for ${item} has ended: an item is no longer for sale`
          : `${item} is no longer for sale: your offer of ${amount} has ended`,
      };
    case 'purchased':
      return {};
  }
}

function orderDeliveries(
  order: {
    orderId: string;
    productId: string;
    sellerId: string;
    buyerUserId: string | null;
    productTitle?: string;
    productIds?: string[];
    claimedProductIds?: string[];
    claimedTitle?: string;
  },
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
    const notification: NotificationDraft = {
      kind,
      // A bundle's sentence names its first item and counts the others ("Tile A and 2 more items"); a claim on some
      // of its items names those.
      text: orderText(role, from, to, itemsOf(order, to)),
      link: `/orders/${order.orderId}`,
    };
    return [{ userId, data, notification }];
  });
}

/** The items a change is about, in words, when the event carries their titles. */
function itemsOf(
  order: { productTitle?: string; productIds?: string[]; claimedProductIds?: string[]; claimedTitle?: string },
  to: OrderStatus,
): string | undefined {
  if (to === 'disputed' && order.claimedTitle && order.claimedProductIds?.length)
    return itemsInWords(order.claimedTitle, order.claimedProductIds.length);
  return order.productTitle && itemsInWords(order.productTitle, order.productIds?.length);
}

/** What each party is told of a change, naming the item (`item`) when the event carries its title. */
const BUYER_TEXT: Record<OrderStatus, (item: string) => string> = {
  paid: (item) => `Your order of ${item} was updated`,
  shipped: (item) => `Your order of ${item} was shipped`,
  delivered: (item) => `Your order of ${item} was marked delivered`,
  completed: (item) => `Your order of ${item} is complete`,
  cancelled: (item) => `Your order of ${item} was cancelled and refunded`,
  disputed: (item) => `Your claim on ${item} was opened`,
  refunded: (item) => `Your order of ${item} was refunded`,
};

const SELLER_TEXT: Record<OrderStatus, (item: string) => string> = {
  paid: (item) => `Your sale of ${item} was updated`,
  shipped: (item) => `Your sale of ${item} was marked shipped`,
  delivered: (item) => `Your sale of ${item} was marked delivered`,
  completed: (item) => `Your sale of ${item} is complete: the money is on its way to you`,
  cancelled: (item) => `Your sale of ${item} was cancelled`,
  disputed: (item) => `The buyer of ${item} opened a claim: please answer it`,
  refunded: (item) => `Your sale of ${item} was refunded to the buyer`,
};

/** The sentences of events written before they carried the item's title. */
const BUYER_TEXT_WITHOUT_ITEM: Record<OrderStatus, string> = {
  paid: 'Your order was updated',
  shipped: 'Your order was shipped',
  delivered: 'Your order was marked delivered',
  completed: 'Your order is complete',
  cancelled: 'Your order was cancelled and refunded',
  disputed: 'Your claim was opened',
  refunded: 'Your order was refunded',
};

const SELLER_TEXT_WITHOUT_ITEM: Record<OrderStatus, string> = {
  paid: 'An order of yours was updated',
  shipped: 'Your sale was marked shipped',
  delivered: 'Your sale was marked delivered',
  completed: 'Your sale is complete: the money is on its way to you',
  cancelled: 'A sale was cancelled',
  disputed: 'The buyer opened a claim: please answer it',
  refunded: 'A sale was refunded to the buyer',
};

function orderText(role: Role, from: OrderStatus | null, to: OrderStatus, item: string | undefined): string {
  if (from === null) {
    if (role === 'seller') return item ? `You sold ${item}: please ship it` : 'You made a sale: please ship it';
    return item ? `Your payment for ${item} went through` : 'Your payment went through';
  }
  // A claim that stays open changed: the seller answered it (the buyer is told), or support asked for more.
  if (from === 'disputed' && to === 'disputed') {
    const on = item ? ` on ${item}` : '';
    return role === 'buyer' ? `The seller answered your claim${on}` : `The claim${on} was updated`;
  }
  if (item) return (role === 'buyer' ? BUYER_TEXT : SELLER_TEXT)[to](item);
  return (role === 'buyer' ? BUYER_TEXT_WITHOUT_ITEM : SELLER_TEXT_WITHOUT_ITEM)[to];
}

/**
 * The seller reserved an item for a buyer (or extended it): both people's open pages follow, and the buyer's bell
 * says so, naming the seller when known.
 */
export function productReserved(event: ProductReservedEvent, seller: string | undefined): Delivery[] {
  const data: LiveEventData = { type: 'product.reservation-changed', productId: event.productId, reserved: true };
  const hours = event.hours === 1 ? '1 hour' : `${event.hours} hours`;
  return [
    { userId: event.sellerId, data },
    {
      userId: event.buyerId,
      data,
      notification: {
        kind: 'reservation',
        text: `${seller ?? 'The seller'} reserved ${event.title} for you for ${hours}: only you can buy it until then`,
        link: `/product/${event.productId}`,
      },
    },
  ];
}

/** A reservation ended (lifted, expired, a block, the buyer's account deleted): both people's open pages follow. */
export function productReservationEnded(event: ProductReservationEndedEvent): Delivery[] {
  const data: LiveEventData = { type: 'product.reservation-changed', productId: event.productId, reserved: false };
  return [event.sellerId, event.buyerId].map((userId) => ({ userId, data }));
}

import type { OrderChangedEvent } from '../payments/payments.events';
import type { OfferStatus } from '../payments/offer.dto';

type OrderStatus = OrderChangedEvent['to'];

/**
 * What a signed-in person's tabs are told the moment it happens (`GET /api/stream`, and the `push.user.<id>` NATS
 * subject behind it). Each carries only ids and states: the web app reloads what it shows from the usual reads, which
 * apply every permission, so an event never shows more than its recipient may read.
 */
export type LiveEventData =
  /** A message to or from the recipient was stored (the sender's other tabs and devices are told too). */
  | { type: 'message.sent'; messageId: string; fromUserId: string; toUserId: string; productId: string }
  /** What the recipient's Messages shows changed (a message sent or read); `version` is their inbox version. */
  | { type: 'inbox.changed'; version: number }
  /** An order of the recipient's moved; `from` is null when it was just paid. */
  | {
      type: 'order.changed';
      orderId: string;
      productId: string;
      from: OrderStatus | null;
      to: OrderStatus;
      role: 'buyer' | 'seller';
    }
  /** The money of one of the recipient's sales reached their payout account. */
  | { type: 'payout.paid'; payoutId: string; orderId: string; amountCents: number; currency: string }
  /** Someone wrote on one of the recipient's orders (the recipient's own message from another tab too). */
  | { type: 'order.message'; orderId: string; messageId: string }
  /**
   * The reviews of one of the recipient's orders changed: one was written (the other person's, or the recipient's own
   * in another tab), published (`subjectId`'s profile changed too), or the recipient is reminded to write theirs.
   */
  | { type: 'review.changed'; orderId: string; subjectId: string; change: 'written' | 'published' | 'reminder' }
  /** The recipient's copy of their data can be downloaded. */
  | { type: 'data-export.ready'; exportId: string }
  /** Support decided about the recipient's content or account (the bell says what and why). */
  | { type: 'moderation.decided'; reportId: string; action: 'dismiss' | 'hide' | 'suspend' }
  /** An item the recipient favourited is cheaper now (its page and card show the old price struck through). */
  | { type: 'price.dropped'; productId: string; price: string; previousPrice: string }
  /** The seller reserved an item for the recipient, or the reservation ended (to the seller and that buyer). */
  | { type: 'product.reservation-changed'; productId: string; reserved: boolean }
  /** An offer the recipient made or received changed (the Offers page reloads it). */
  | { type: 'offer.changed'; offerId: string; productId: string; status: OfferStatus }
  /** A new listing matched one of the recipient's saved searches (its "new matches" count grew). */
  | { type: 'saved-search.matched'; savedSearchId: string; productId: string };

export type LiveEventType = LiveEventData['type'];

/** One row of a user's event log: `id` (a bigserial, as a string) is the SSE event id a reconnect resumes after. */
export interface LiveEventDto {
  id: string;
  occurredAt: string;
  data: LiveEventData;
  /** Set when the event also put a notification in the recipient's bell. */
  notificationId: string | null;
}

/**
 * The events after a Last-Event-ID. `refetch` means the gap cannot be replayed (older than the log keeps, an id that
 * is not the caller's, or too many events): the client reloads what it shows instead. `lastId` is the caller's
 * newest event id, the id a fresh stream starts from.
 */
export interface LiveEventsDto {
  events: LiveEventDto[];
  lastId: string;
  refetch: boolean;
}

/**
 * What a bell notification is about, declared once: the type, the setting each maps to (notifications'
 * `BELL_SETTING`, a Record that fails the build without the new kind) and a test against the table's CHECK.
 */
export const NOTIFICATION_KINDS = [
  'sale',
  'order',
  'payout',
  'review',
  'account',
  'priceDrop',
  'reservation',
  'offer',
  'savedSearchMatch',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** One notification of the bell: a sentence and the page it is about. */
export interface NotificationDto {
  id: string;
  kind: NotificationKind;
  text: string;
  /** The app's path it opens (`/orders/<id>`, `/profile/payouts`, `/profile/<id>?tab=reviews`). */
  link: string;
  createdAt: string;
  readAt: string | null;
}

/** A page of the caller's notifications, newest first; `nextCursor` when there are older ones. */
export interface NotificationsPageDto {
  items: NotificationDto[];
  nextCursor?: string;
}

export interface NotificationsUnreadDto {
  count: number;
}

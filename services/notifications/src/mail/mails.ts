import type {
  OfferChangedEvent,
  OrderChangedEvent,
  OrderPaidEvent,
  PayoutPaidEvent,
  ReviewReminderDueEvent,
} from '@souvenir/contracts';
import type { Delivery } from '../live/deliveries';
import type { MailDraft, MailTo } from './mail-draft';
import type { OrderUpdate } from './templates/kinds/order-update';

/*
 * Which events are mailed, to whom, as which kind. Pure functions of the event: the event ids they give are made of the
 * event's own facts (an order's transition and its time), so the same change delivered twice names the same mail and
 * the outbox's unique index keeps one. An order's guest buyer is mailed too (`guestOfOrder`: the address payments has).
 */

/** The buyer's receipt (members and guests) and the seller's sale. */
export function orderPaid(event: OrderPaidEvent): MailDraft[] {
  const eventId = `order-paid:${event.orderId}`;
  return [
    { eventId, kind: 'receipt', to: buyerOf(event), params: {}, orderId: event.orderId },
    { eventId, kind: 'sale', to: { userId: event.sellerId }, params: {}, orderId: event.orderId },
  ];
}

/** Each mailed change goes to the party who did not make it (both, when support or the system did). */
export function orderChanged(event: OrderChangedEvent): MailDraft[] {
  const eventId = `order-changed:${event.orderId}:${event.from}>${event.to}:${event.occurredAt}`;
  const draft = (to: MailTo, update: OrderUpdate): MailDraft => ({
    eventId,
    kind: 'order-update',
    to,
    orderId: event.orderId,
    params: {
      update,
      ...(event.reason ? { reason: event.reason } : {}),
      ...(event.carrier ? { carrier: event.carrier } : {}),
      ...(event.trackingNumber ? { trackingNumber: event.trackingNumber } : {}),
    },
  });
  const buyer = buyerOf(event);
  const seller = { userId: event.sellerId };
  const notBy = (role: 'buyer' | 'seller') => event.actor !== role;
  const drafts: MailDraft[] = [];
  switch (event.to) {
    case 'shipped':
      drafts.push(draft(buyer, 'shipped'));
      break;
    case 'delivered':
      if (notBy('buyer')) drafts.push(draft(buyer, 'delivered'));
      break;
    case 'completed':
      if (event.from === 'disputed') drafts.push(draft(buyer, 'claim-decided'), draft(seller, 'claim-decided'));
      else drafts.push(draft(buyer, 'completed'), draft(seller, 'sale-completed'));
      break;
    case 'cancelled':
      if (notBy('buyer')) drafts.push(draft(buyer, 'cancelled'));
      if (notBy('seller')) drafts.push(draft(seller, 'sale-cancelled'));
      break;
    case 'refunded':
      drafts.push(draft(buyer, event.actor === 'support' ? 'claim-decided' : 'refunded'));
      if (event.actor === 'support') drafts.push(draft(seller, 'claim-decided'));
      break;
    case 'disputed':
      // Opened by the buyer (from shipped or delivered), or answered by the seller (disputed → disputed).
      if (event.from !== 'disputed') drafts.push(draft(seller, 'claim-opened'));
      else if (event.actor === 'seller') drafts.push(draft(buyer, 'claim-answered'));
      break;
  }
  return drafts;
}

export function payoutPaid(event: PayoutPaidEvent): MailDraft[] {
  return [
    {
      eventId: `payout-paid:${event.payoutId}`,
      kind: 'payout-sent',
      to: { userId: event.sellerId },
      params: { amountCents: event.amountCents, currency: event.currency, orderId: event.orderId },
    },
  ];
}

/**
 * An offer's change, mailed to whoever its bell notification is for (the same sentence: live/deliveries.ts decides it).
 * Keyed by the offer, its status and time, so a redelivered event names the same mail.
 */
export function offerChanged(event: OfferChangedEvent, told: Delivery[]): MailDraft[] {
  return told.flatMap(({ userId, notification }): MailDraft[] =>
    notification
      ? [
          {
            eventId: `offer-changed:${event.offerId}:${event.status}:${event.occurredAt}`,
            kind: 'offer-update',
            to: { userId },
            params: { text: notification.text, tab: userId === event.buyerId ? 'buyer' : 'seller' },
          },
        ]
      : [],
  );
}

export function reminderDue(event: ReviewReminderDueEvent): MailDraft[] {
  return [
    {
      eventId: `review-reminder:${event.orderId}:${event.userId}`,
      kind: 'review-reminder',
      to: { userId: event.userId },
      params: { orderId: event.orderId, dueBy: event.dueBy },
    },
  ];
}

/** A member buyer by their account; a guest by the address they paid with (payments holds it). */
function buyerOf(order: { orderId: string; buyerUserId: string | null }): MailTo {
  return order.buyerUserId ? { userId: order.buyerUserId } : { guestOfOrder: order.orderId };
}

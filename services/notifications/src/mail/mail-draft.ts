import type { MailKind, MailParams } from './templates/registry';

/**
 * Who a queued mail is for. A user is looked up (identity) when it is sent, so a changed address is used; an address
 * is mailed as given (guests, "Find my order", account mails); an order's guest buyer is the address payments holds.
 */
export type MailTo = { userId: string } | { email: string; firstName?: string | null } | { guestOfOrder: string };

/**
 * A mail to queue. `eventId` names the event it answers (for events, a key made from the event's own facts, so the
 * same change delivered twice names the same mail); one mail at most per (event, kind, recipient). `orderId`: the
 * order whose facts (item, money, the recipient's link) are added to the parameters as `order` when it is sent.
 */
export type MailDraft = {
  [K in MailKind]: {
    eventId: string;
    kind: K;
    to: MailTo;
    /** Without what the sender adds when it sends: `order` (with `orderId`) and `orders` ("Find my order"). */
    params: Omit<MailParams<K>, 'order' | 'orders'>;
    orderId?: string;
  };
}[MailKind];

/** The outbox's key for a recipient: addresses compare case-insensitively. */
export function recipientKey(to: MailTo): string {
  if ('userId' in to) return `user:${to.userId}`;
  if ('guestOfOrder' in to) return `guest:${to.guestOfOrder}`;
  return `email:${to.email.trim().toLowerCase()}`;
}

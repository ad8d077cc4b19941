import { ErrorCode, type OrderAction, type OrderStatus } from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';

/*
 * The order's state machine after the payment, pure (no database): what each party may do in each state.
 *   paid ──ship──> shipped ──markDelivered──> delivered ──confirm / claim window ends──> completed
 *   paid ──cancel (seller, or a deadline)──> cancelled (full refund); the buyer may only ask to cancel
 *   shipped | delivered (within the window) ──openClaim──> disputed ──seller accepts / support decides──> refunded | completed
 * The service checks every transition here and computes the order's `actions` from the same table, so the buttons
 * the web app shows are exactly the transitions that would be accepted.
 */

export type OrderViewer = 'buyer' | 'seller' | 'support';

/** What the rules need to know about an order now. */
export interface OrderState {
  status: OrderStatus;
  claimStatus: 'open' | 'escalated' | 'returning' | 'resolved' | null;
  /** A return is on its way (the buyer sent it). */
  returnSent: boolean;
  cancelRequested: boolean;
  /** The buyer may still open a claim on a delivered order. */
  claimWindowOpen: boolean;
}

interface Rule {
  /** Who may take the action (anybody else: 403). */
  by: readonly OrderViewer[];
  /** Whether the action is possible in this state (otherwise: 409 with `notNow`). */
  when: (s: OrderState) => boolean;
  notNow: (s: OrderState) => string;
  /** Who the 403 says may do it. */
  whose: string;
}

const RULES: Record<OrderAction, Rule> = {
  ship: {
    by: ['seller'],
    whose: 'Only the seller can ship this order',
    when: (s) => s.status === 'paid',
    notNow: (s) => `This order cannot be shipped: it is ${s.status}`,
  },
  markDelivered: {
    by: ['seller', 'buyer'],
    whose: 'Only the buyer or the seller can mark this order delivered',
    when: (s) => s.status === 'shipped',
    notNow: (s) =>
      s.status === 'paid'
        ? 'This order has not been shipped yet'
        : `This order cannot be marked delivered: it is ${s.status}`,
  },
  confirm: {
    by: ['buyer'],
    whose: 'Only the buyer can confirm this order',
    when: (s) => s.status === 'delivered',
    notNow: (s) => `This order cannot be confirmed: it is ${s.status}`,
  },
  cancel: {
    by: ['seller'],
    whose: 'Only the seller can cancel this order; the buyer may ask them to',
    when: (s) => s.status === 'paid',
    notNow: (s) => `This order cannot be cancelled any more: it is ${s.status}`,
  },
  requestCancel: {
    by: ['buyer'],
    whose: 'Only the buyer can ask to cancel this order',
    when: (s) => s.status === 'paid' && !s.cancelRequested,
    notNow: (s) =>
      s.status === 'paid'
        ? 'You have already asked the seller to cancel this order'
        : `This order cannot be cancelled any more: it is ${s.status}`,
  },
  openClaim: {
    by: ['buyer'],
    whose: 'Only the buyer can open a claim',
    when: (s) => s.claimStatus === null && (s.status === 'shipped' || (s.status === 'delivered' && s.claimWindowOpen)),
    notNow: (s) =>
      s.claimStatus !== null
        ? 'A claim has already been opened for this order'
        : s.status === 'paid'
          ? 'This order has not been shipped yet: you can ask the seller to cancel it'
          : s.status === 'delivered'
            ? 'The time to open a claim has passed'
            : `A claim cannot be opened: the order is ${s.status}`,
  },
  respondToClaim: {
    by: ['seller'],
    whose: 'Only the seller can answer this claim',
    when: (s) => s.status === 'disputed' && s.claimStatus === 'open',
    notNow: (s) =>
      s.claimStatus === null
        ? 'This order has no claim'
        : s.claimStatus === 'escalated'
          ? 'This claim is with support now'
          : 'This claim has been decided',
  },
  decideClaim: {
    by: ['support'],
    whose: 'Only support can decide a claim',
    when: (s) => s.status === 'disputed' && (s.claimStatus === 'open' || s.claimStatus === 'escalated'),
    notNow: () => 'This claim has already been decided',
  },
  shipReturn: {
    by: ['buyer'],
    whose: 'Only the buyer can send the item back',
    when: (s) => s.status === 'disputed' && s.claimStatus === 'returning' && !s.returnSent,
    notNow: (s) =>
      s.claimStatus === 'returning' ? 'You have already sent the item back' : 'No return was asked for this order',
  },
  confirmReturn: {
    by: ['seller'],
    whose: 'Only the seller can confirm the item is back',
    when: (s) => s.status === 'disputed' && s.claimStatus === 'returning' && s.returnSent,
    notNow: (s) =>
      s.claimStatus === 'returning' ? 'The buyer has not sent the item back yet' : 'No return is on its way',
  },
};

/** The actions the viewer may take now, in a stable order. */
export function allowedActions(state: OrderState, viewer: OrderViewer): OrderAction[] {
  return (Object.keys(RULES) as OrderAction[]).filter(
    (action) => RULES[action].by.includes(viewer) && RULES[action].when(state),
  );
}

/** Throws FORBIDDEN when the action is the other party's, CONFLICT (with a sentence) when it is not possible now. */
export function checkAction(action: OrderAction, state: OrderState, viewer: OrderViewer): void {
  const rule = RULES[action];
  if (!rule.by.includes(viewer)) throw new DomainError(ErrorCode.Forbidden, rule.whose);
  if (!rule.when(state)) throw new DomainError(ErrorCode.Conflict, rule.notNow(state));
}

/** True when the viewer has something to do now (the Sales badge, a row's highlight). */
export function needsAction(state: OrderState, viewer: OrderViewer): boolean {
  if (viewer === 'seller')
    return (
      state.status === 'paid' ||
      (state.status === 'disputed' &&
        (state.claimStatus === 'open' || (state.claimStatus === 'returning' && state.returnSent)))
    );
  if (viewer === 'buyer')
    return state.status === 'delivered' || (state.claimStatus === 'returning' && !state.returnSent);
  return state.status === 'disputed' && state.claimStatus === 'escalated';
}

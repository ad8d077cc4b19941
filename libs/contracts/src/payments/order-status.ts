/*
 * Every status of an order, declared once: the type, the event's validation, payments' sets and the web's labels
 * come from here. Adding one fails the build until each `Record<OrderStatus, …>` (the web's label, the
 * notification's sentences) has its text, and a payments test until the orders table's CHECK allows it.
 */
export const ORDER_STATUSES = [
  'pending',
  'requires_action',
  'failed',
  'paid',
  'shipped',
  'delivered',
  'completed',
  'cancelled',
  'disputed',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The checkout, before the payment succeeded: such an order holds nothing and is not yet anyone's order. */
export const CHECKOUT_STATUSES = ['pending', 'requires_action', 'failed'] as const satisfies readonly OrderStatus[];
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** The order's life after the payment; an order changed event moves between these only. */
export type AfterPaymentStatus = Exclude<OrderStatus, CheckoutStatus>;
export const AFTER_PAYMENT_STATUSES = ORDER_STATUSES.filter(
  (status): status is AfterPaymentStatus => !(CHECKOUT_STATUSES as readonly string[]).includes(status),
);

/** A paid order in one of these holds its product: it is sold, and no one else can pay for it. */
export const SOLD_STATUSES = [
  'paid',
  'shipped',
  'delivered',
  'completed',
  'disputed',
] as const satisfies readonly AfterPaymentStatus[];

/**
 * Where an order may go from each status; payments refuses any other change. Staying in a status is always allowed:
 * it records a note in the order's history (the buyer asks to cancel, a card dispute opens).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['requires_action', 'failed', 'paid'],
  requires_action: ['pending', 'failed', 'paid'],
  failed: ['pending', 'requires_action', 'paid'],
  paid: ['shipped', 'cancelled'],
  shipped: ['delivered', 'disputed'],
  delivered: ['completed', 'disputed'],
  disputed: ['completed', 'refunded'],
  completed: [],
  cancelled: [],
  refunded: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return from === to || ORDER_TRANSITIONS[from].includes(to);
}

export function isAfterPayment(status: OrderStatus): status is AfterPaymentStatus {
  return !(CHECKOUT_STATUSES as readonly OrderStatus[]).includes(status);
}

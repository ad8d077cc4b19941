/*
 * The double-entry journal of payments (docs/payments.md). Accounts, each line a signed amount in cents:
 *   customer_payments  the buyers' cards: a payment takes money from it (negative), a refund or chargeback gives it back
 *   held      (seller) paid for orders not completed yet: the platform holds it (buyer protection)
 *   seller_balance (seller) earned and not transferred yet
 *   seller_paid_out (seller) transferred to the seller's payout account
 *   platform_fees   the platform's fee on completed orders
 * Every entry sums to zero (Postgres refuses one that does not, migration 1735000000000).
 */

export const LEDGER_ACCOUNTS = [
  'customer_payments',
  'held',
  'seller_balance',
  'seller_paid_out',
  'platform_fees',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export type EntryKind = 'payment' | 'release' | 'refund' | 'transfer' | 'transfer_reversal' | 'chargeback';

/** One line; seller accounts belong to the entry's seller. */
export interface LedgerLine {
  account: LedgerAccount;
  amountCents: number;
}

/** An order's figures, as the entries need them. */
export interface OrderMoney {
  amountCents: number;
  feeCents: number;
}

const lines = (...all: [LedgerAccount, number][]): LedgerLine[] =>
  all.filter(([, amount]) => amount !== 0).map(([account, amountCents]) => ({ account, amountCents }));

/** The buyer paid: the money is held for the seller until the order completes. */
export const paymentLines = ({ amountCents }: OrderMoney) =>
  lines(['customer_payments', -amountCents], ['held', amountCents]);

/** The order completed: the seller earns the amount less the fee. */
export const releaseLines = ({ amountCents, feeCents }: OrderMoney) =>
  lines(['held', -amountCents], ['seller_balance', amountCents - feeCents], ['platform_fees', feeCents]);

/** A cancelled or refunded order's money went back to the buyer's card (only ever from held: a completed order is never refunded). */
export const refundLines = ({ amountCents }: OrderMoney) =>
  lines(['held', -amountCents], ['customer_payments', amountCents]);

/** The seller's earnings of one order reached their payout account. */
export const transferLines = (payoutCents: number) =>
  lines(['seller_balance', -payoutCents], ['seller_paid_out', payoutCents]);

/** A transfer taken back (after a lost card dispute): the money is the seller's balance again, which the chargeback debited. */
export const transferReversalLines = (payoutCents: number) =>
  lines(['seller_paid_out', -payoutCents], ['seller_balance', payoutCents]);

/**
 * The buyer's bank took back what the buyer still paid (`takenCents`: the amount less what we refunded already):
 * what was released to the seller (`releasedCents`, a completed order's, less a claim's refund of some items) comes
 * from the seller's earnings and the platform's fee, the rest from held (an order not completed, or a refund decided
 * and not made yet, which the chargeback now gives back instead).
 */
export const chargebackLines = ({
  takenCents,
  releasedCents,
  feeCents,
}: {
  takenCents: number;
  releasedCents: number;
  feeCents: number;
}) =>
  lines(
    ['seller_balance', -(releasedCents - feeCents)],
    ['platform_fees', -feeCents],
    ['held', -(takenCents - releasedCents)],
    ['customer_payments', takenCents],
  );

/** The platform's fee on an order: a whole percentage of the amount, rounded half up to the cent. */
export const feeOf = (amountCents: number, feePercent: number) => Math.round((amountCents * feePercent) / 100);

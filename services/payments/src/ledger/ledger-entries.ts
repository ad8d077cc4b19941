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
 * The buyer's bank took the money back (a lost card dispute): from held when the order had not completed, otherwise
 * from what the seller earned and the platform's fee.
 */
export const chargebackLines = (money: OrderMoney, released: boolean) =>
  released
    ? lines(
        ['seller_balance', -(money.amountCents - money.feeCents)],
        ['platform_fees', -money.feeCents],
        ['customer_payments', money.amountCents],
      )
    : refundLines(money);

/** The platform's fee on an order: a whole percentage of the amount, rounded half up to the cent. */
export const feeOf = (amountCents: number, feePercent: number) => Math.round((amountCents * feePercent) / 100);

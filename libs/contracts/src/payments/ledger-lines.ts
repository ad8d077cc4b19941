/**
 * One line of a seller's ledger (`GET /api/payouts/ledger`): every movement of their money, newest first.
 * `sale_held` (a buyer paid: held until they confirm), `released` (the order completed: the sale is theirs),
 * `fee` (the platform's fee on that sale), `refunded` (the held money went back to the buyer), `paid_out` (sent to
 * their bank), `payout_reversed` (a payout taken back after a lost card dispute), `charged_back` (the buyer's bank
 * took the money back).
 */
export const LEDGER_LINE_KINDS = [
  'sale_held',
  'released',
  'fee',
  'refunded',
  'paid_out',
  'payout_reversed',
  'charged_back',
] as const;
export type LedgerLineKind = (typeof LEDGER_LINE_KINDS)[number];

/** How each ledger line is named, on Payouts and in its CSV download alike. */
export const LEDGER_LINE_LABELS: Record<LedgerLineKind, string> = {
  sale_held: 'Sale held',
  released: 'Released to you',
  fee: 'Platform fee',
  refunded: 'Refunded to the buyer',
  paid_out: 'Paid out to your bank',
  payout_reversed: 'Payout reversed',
  charged_back: "Taken back by the buyer's bank",
};

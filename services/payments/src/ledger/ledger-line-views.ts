import type { LedgerBalancesDto, LedgerLineDto, LedgerLineKind } from '@souvenir/contracts';
import type { EntryKind } from './ledger-entries';
import type { SellerBalancesCents, SellerEntry } from './seller-ledger';

/** Cents as a signed dollar string ("-1.60", "16.00"): ledger changes go both ways, unlike prices. */
export function signedDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const toBalances = (cents: SellerBalancesCents): LedgerBalancesDto => ({
  held: signedDollars(cents.held),
  available: signedDollars(cents.available),
  paidOut: signedDollars(cents.paidOut),
});

const LINE_KIND: Record<Exclude<EntryKind, 'release'>, LedgerLineKind> = {
  payment: 'sale_held',
  refund: 'refunded',
  transfer: 'paid_out',
  transfer_reversal: 'payout_reversed',
  chargeback: 'charged_back',
};

/**
 * A journal entry as the seller's ledger lines, newest first. A release is two lines, the sale (held → available,
 * in full) and then the platform's fee taken from it, so the fee is a line of its own even when it is $0.00.
 */
export function toLedgerLineDtos(entry: SellerEntry): LedgerLineDto[] {
  const base = {
    at: entry.at.toISOString(),
    order: { id: entry.orderId, productTitle: entry.productTitle },
  };
  if (entry.kind !== 'release')
    return [
      {
        ...base,
        id: entry.id,
        kind: LINE_KIND[entry.kind],
        change: toBalances(entry.change),
        balanceAfter: toBalances(entry.after),
        payout: null,
      },
    ];
  const fee = entry.feeCents;
  const released: LedgerLineDto = {
    ...base,
    id: entry.id,
    kind: 'released',
    change: toBalances({ ...entry.change, available: entry.change.available + fee }),
    balanceAfter: toBalances({ ...entry.after, available: entry.after.available + fee }),
    payout: entry.payout,
  };
  const feeLine: LedgerLineDto = {
    ...base,
    id: `${entry.id}-fee`,
    kind: 'fee',
    change: toBalances({ held: 0, available: -fee, paidOut: 0 }),
    balanceAfter: toBalances(entry.after),
    payout: null,
  };
  return [feeLine, released];
}

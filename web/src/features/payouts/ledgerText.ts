import type { LedgerLineDto } from '@souvenir/contracts';
import { formatMoney } from '../../utils/money';

/** Which balance a line is about: the one its amount is read from. */
export type BalanceName = 'held' | 'available' | 'paidOut';

export const BALANCE_LABELS: Record<BalanceName, string> = {
  held: 'Held',
  available: 'Available',
  paidOut: 'Paid out',
};

/**
 * The balance whose change is the line's amount: a sale and its refund move Held; its release, fee and a chargeback
 * after it move Available; a payout (and its reversal) is read as what reached, or left, the bank.
 */
export function lineBalance(line: LedgerLineDto): BalanceName {
  switch (line.kind) {
    case 'sale_held':
    case 'refunded':
      return 'held';
    case 'paid_out':
    case 'payout_reversed':
      return 'paidOut';
    case 'charged_back':
      return Number(line.change.available) !== 0 ? 'available' : 'held';
    default:
      return 'available';
  }
}

/** "+$40.00", "-$1.60", "$0.00": a change with its direction. */
export function signedMoney(amount: string): string {
  const value = Number(amount);
  return value > 0 ? `+${formatMoney(value)}` : formatMoney(value);
}

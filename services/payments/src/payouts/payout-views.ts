import type { OrderMoneyDto, PayoutAccountDto, PayoutDto } from '@souvenir/contracts';
import { fromCents } from '../database/cents.transformer';
import type { FundedOrder } from './order-funds';
import type { PayoutAccountEntity } from './payout-account.entity';
import type { PayoutEntity } from './payout.entity';

/** Stripe's requirement paths as sentences a seller can act on (the first matching prefix wins). */
const REQUIREMENTS: [string, string][] = [
  ['individual.verification', 'An identity document (your identity could not be verified)'],
  ['individual.first_name', 'Your legal name'],
  ['individual.last_name', 'Your legal name'],
  ['individual.dob', 'Your date of birth'],
  ['individual.address', 'Your address'],
  ['individual.', 'More details about you'],
  ['external_account', 'A bank account that can receive payouts'],
  ['tos_acceptance', 'Acceptance of the payout terms'],
];

export function requirementSentences(paths: string[]): string[] {
  const sentences = paths.map(
    (path) => REQUIREMENTS.find(([prefix]) => path.startsWith(prefix))?.[1] ?? 'More details for the payment provider',
  );
  return [...new Set(sentences)];
}

export function toPayoutAccountDto(account: PayoutAccountEntity | null): PayoutAccountDto {
  if (!account) return { status: 'not_set_up', requirementsDue: [], bankLast4: null, updatedAt: null };
  return {
    status: account.status,
    requirementsDue: requirementSentences(account.requirementsDue),
    bankLast4: account.bankLast4,
    updatedAt: account.updatedAt.toISOString(),
  };
}

export function toPayoutDto(payout: PayoutEntity, order: FundedOrder): PayoutDto {
  return {
    id: payout.id,
    status: payout.status,
    amount: fromCents(payout.amountCents),
    fee: fromCents(payout.feeCents),
    currency: payout.currency,
    order: { id: order.id, productTitle: order.productTitle, amount: fromCents(order.amountCents) },
    createdAt: payout.createdAt.toISOString(),
    paidAt: payout.paidAt?.toISOString() ?? null,
    failureMessage: payout.failureMessage,
  };
}

/** Where an order's money is now, from the order and its payout (the ledger says the same; the audit checks it). */
export function toOrderMoney(order: FundedOrder, payout: PayoutEntity | null, feeCents: number): OrderMoneyDto {
  const figures = payout
    ? { sellerAmount: fromCents(payout.amountCents), fee: fromCents(payout.feeCents) }
    : { sellerAmount: fromCents(order.amountCents - feeCents), fee: fromCents(feeCents) };
  const at = (date: Date | null) => date?.toISOString() ?? null;
  const state = (): Pick<OrderMoneyDto, 'state' | 'at'> => {
    if (!order.paidAt) return { state: 'pending', at: null };
    if (order.cardDisputeStatus === 'lost') return { state: 'charged_back', at: null };
    // A completed order refunded in part (some of a bundle's items) shows its payout's state for the rest.
    if (order.refundedAt && order.status !== 'completed') return { state: 'refunded', at: at(order.refundedAt) };
    if (order.status === 'cancelled' || order.status === 'refunded') return { state: 'refunding', at: null };
    if (order.cardDisputeStatus === 'open') return { state: 'frozen', at: at(order.cardDisputeOpenedAt) };
    // A claim freezes the money as a card dispute does: neither party gets it until support or the seller decides.
    if (order.status === 'disputed') return { state: 'frozen', at: null };
    if (!payout) return { state: 'held', at: at(order.paidAt) };
    switch (payout.status) {
      case 'paid':
        return { state: 'paid_to_seller', at: at(payout.paidAt) };
      case 'pending':
        return { state: 'releasing', at: null };
      case 'reversed':
        return { state: 'charged_back', at: at(payout.reversedAt) };
      default:
        return { state: 'awaiting_payout_account', at: null };
    }
  };
  // A bundle's claim refunded some items and the order completed with the rest (refunded: the whole order's state).
  const itemsRefund =
    order.refundCents !== null && order.status === 'completed'
      ? { itemsRefund: { amount: fromCents(order.refundCents), at: at(order.refundedAt) } }
      : {};
  return { ...state(), ...figures, cardLast4: order.cardLast4, ...itemsRefund };
}

import type { OrderDetailDto } from '@souvenir/contracts';
import { formatMoney } from '../../utils/money';

/** "2 Dec" (en-GB day and short month), the local date. */
function dayMonth(iso: string | null): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime())
    ? date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })
    : '';
}

type MoneyOrder = Pick<OrderDetailDto, 'money' | 'viewer' | 'amount' | 'cardDispute'>;

/** "your card ending 4242" when the provider told us the card, else "your card". */
const card = (order: MoneyOrder, whose: string) =>
  order.money.cardLast4 ? `${whose} card ending ${order.money.cardLast4}` : `${whose} card`;

/** The money that went back to the buyer, as each party reads it: the buyer gets it, the seller gets nothing. */
function refundSentence(order: MoneyOrder, at: string): string {
  const amount = formatMoney(order.amount);
  const on = at ? ` on ${at}` : '';
  switch (order.viewer) {
    case 'buyer':
      return `${amount} back to ${card(order, 'your')}${on}`;
    case 'seller':
      return `${formatMoney(0)} — refunded to the buyer${on}`;
    default:
      return `${amount} refunded to ${card(order, "the buyer's")}${on}`;
  }
}

/**
 * Where the order's money is, as the viewer reads it (each party's own figure: a refund is the buyer's money back and
 * nothing for the seller); `setUpPayouts` when the seller's missing account holds it up.
 */
export function moneySentence(order: MoneyOrder): {
  text: string;
  setUpPayouts?: boolean;
} {
  const seller = order.viewer === 'seller';
  const at = dayMonth(order.money.at);
  switch (order.money.state) {
    case 'pending':
      return { text: 'Waiting for the payment' };
    case 'held':
      return { text: order.viewer === 'buyer' ? 'Held until you confirm' : 'Held until the buyer confirms' };
    case 'frozen':
      return {
        text:
          order.cardDispute?.status === 'open'
            ? 'Frozen: a card dispute is open'
            : 'Frozen until the claim is resolved',
      };
    case 'releasing':
      return { text: 'Being paid to the seller' };
    case 'awaiting_payout_account':
      if (seller) return { text: 'Waiting for your payout account', setUpPayouts: true };
      return {
        text: order.viewer === 'support' ? "Waiting for the seller's payout account" : 'Released to the seller',
      };
    case 'paid_to_seller':
      return { text: at ? `Paid to seller on ${at}` : 'Paid to seller' };
    case 'refunding':
      if (order.viewer === 'buyer')
        return { text: `${formatMoney(order.amount)} on its way back to ${card(order, 'your')}` };
      return { text: seller ? `${formatMoney(0)} — being refunded to the buyer` : 'Refund on its way to the buyer' };
    case 'refunded':
      return { text: refundSentence(order, at) };
    case 'charged_back':
      // What the buyer still paid: a refund made before (some of a bundle's items) is not returned twice.
      if (order.viewer === 'buyer')
        return { text: `${formatMoney(order.cardDispute?.amount ?? order.amount)} returned to you by your bank` };
      return {
        text: seller
          ? `${formatMoney(0)} — returned to the buyer by their bank`
          : 'Returned to the buyer by their bank',
      };
    default:
      return { text: order.money.state };
  }
}

/**
 * A claim's refund of some of a bundle's items, as the viewer reads it beside the rest's state ("$9.00 back to your
 * card ending 4242 on 2 Dec"); null when there is none, or the bank returned everything instead (charged back).
 */
export function itemsRefundSentence(order: MoneyOrder): string | null {
  const refund = order.money.itemsRefund;
  if (!refund || order.money.state === 'charged_back') return null;
  const amount = formatMoney(refund.amount);
  const on = refund.at ? ` on ${dayMonth(refund.at)}` : '';
  switch (order.viewer) {
    case 'buyer':
      return refund.at
        ? `${amount} back to ${card(order, 'your')}${on}`
        : `${amount} on its way back to ${card(order, 'your')}`;
    case 'seller':
      return refund.at
        ? `${amount} refunded to the buyer for the claimed items${on}`
        : `${amount} being refunded to the buyer for the claimed items`;
    default:
      return refund.at
        ? `${amount} refunded to ${card(order, "the buyer's")}${on}`
        : `${amount} on its way back to ${card(order, "the buyer's")}`;
  }
}

/** Money that never reaches the seller: their share line ("You receive…") would be false. */
const GONE_TO_BUYER = new Set(['refunding', 'refunded', 'charged_back']);

/** Whether the seller's share is worth a line: the money is (or may still become) theirs. */
export const showsSellerShare = (order: Pick<OrderDetailDto, 'money' | 'viewer'>) =>
  order.viewer === 'seller' && order.money.state !== 'pending' && !GONE_TO_BUYER.has(order.money.state);

/** "You receive $27.00 (fee $3.00)": the seller's share. */
export const sellerShare = (order: Pick<OrderDetailDto, 'money'>) =>
  `You receive ${formatMoney(order.money.sellerAmount)} (fee ${formatMoney(order.money.fee)})`;

/** A card dispute on the payment, in a sentence for the parties. */
export function cardDisputeSentence(dispute: NonNullable<OrderDetailDto['cardDispute']>): string {
  const opened = dayMonth(dispute.openedAt);
  switch (dispute.status) {
    case 'open':
      return `The buyer's bank is disputing the card payment (${dispute.reason}), since ${opened}. The money is frozen until the bank decides.`;
    case 'won':
      return `The card dispute opened on ${opened} (${dispute.reason}) was decided for the seller.`;
    default:
      return `The card dispute opened on ${opened} (${dispute.reason}) was lost: the bank returned the money to the buyer.`;
  }
}

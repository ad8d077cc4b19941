import type { OrderDetailDto } from '@souvenir/contracts';
import { formatMoney } from '../../utils/money';

/** "2 Dec" (en-GB day and short month), the local date. */
function dayMonth(iso: string | null): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime())
    ? date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })
    : '';
}

/** Where the order's money is, as the viewer reads it; `setUpPayouts` when the seller's missing account holds it up. */
export function moneySentence(order: Pick<OrderDetailDto, 'money' | 'viewer'>): {
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
      return { text: 'Frozen: a card dispute is open' };
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
      return { text: 'Refund on its way' };
    case 'refunded':
      return { text: at ? `Refunded on ${at}` : 'Refunded' };
    case 'charged_back':
      return { text: 'Returned to the buyer by their bank' };
    default:
      return { text: order.money.state };
  }
}

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

import { button, money, paragraph } from '../blocks';
import { defineMail } from '../define-mail';

/** A completed order's money reached the seller's payout account. */
export const payoutSent = defineMail<{ amountCents: number; currency: string; orderId: string }>({
  kind: 'payout-sent',
  transactional: true,
  compose: ({ amountCents, currency }) => ({
    subject: 'Your Souvenir Swap payout was sent',
    blocks: [
      paragraph(`${money(amountCents, currency)} was paid out to your account.`),
      button('See your payouts', '/profile/payouts'),
    ],
  }),
});

import type { PayoutAccountStatus, PayoutStatus } from '@souvenir/contracts';

/** A chip's tint (the theme's, as the order chips'): dark text on a light background, readable at AA contrast. */
export type Tone = 'neutral' | 'moving' | 'done' | 'problem';

/** The payout account's status: its chip, and what it means for the seller in a sentence. */
export const ACCOUNT_STATUS: Record<PayoutAccountStatus, { label: string; tone: Tone; sentence: string }> = {
  not_set_up: {
    label: 'Not set up',
    tone: 'neutral',
    sentence:
      'Set up a payout account to receive the money of your sales. Our payments partner, Stripe, asks for your details and bank account: it takes a few minutes.',
  },
  pending: {
    label: 'Pending',
    tone: 'moving',
    sentence:
      'Your payout account is not finished yet, or Stripe is still checking your details. The money of your sales waits safely in your balance.',
  },
  active: {
    label: 'Active',
    tone: 'done',
    sentence: 'You are all set: the money of each completed order is paid to your bank account.',
  },
  restricted: {
    label: 'Restricted',
    tone: 'problem',
    sentence:
      'Stripe needs more from you before it can pay you. The money of your sales waits safely in your balance until then.',
  },
};

export const PAYOUT_STATUS: Record<PayoutStatus, { label: string; tone: Tone }> = {
  waiting: { label: 'Waiting for your account', tone: 'neutral' },
  pending: { label: 'On its way', tone: 'moving' },
  paid: { label: 'Paid out', tone: 'done' },
  failed: { label: 'Failed', tone: 'problem' },
  reversed: { label: 'Reversed', tone: 'problem' },
};

/** "2 Dec" (en-GB day and short month), the local date. */
export function dayMonth(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
}

import {
  DEFAULT_COUNTRY,
  invalidPostalCodeMessage,
  isPostalCodeOf,
  PAYMENT_MESSAGES,
  type TestCardDto,
} from '@souvenir/contracts';

export type TestCardOutcome =
  /** The card form would not submit: the intent does not change. */
  | { kind: 'invalid'; message: string }
  /** The issuer declined: the intent records the error and can be confirmed again with another card. */
  | { kind: 'declined'; message: string }
  | { kind: 'requires_action' }
  | { kind: 'succeeded' };

/** Stripe's documented test card numbers and what each does. */
const CARDS: Record<string, TestCardOutcome> = {
  '4242424242424242': { kind: 'succeeded' },
  '4000000000000002': { kind: 'declined', message: PAYMENT_MESSAGES.declined },
  '4000000000009995': { kind: 'declined', message: PAYMENT_MESSAGES.insufficientFunds },
  '4000000000000069': { kind: 'declined', message: PAYMENT_MESSAGES.expiredCard },
  '4000002760003184': { kind: 'requires_action' },
};

/**
 * What confirming this card does, checked in the order Stripe's card form checks its fields: number, expiry,
 * CVC, postal code, then the issuer's answer for the test number.
 */
export function evaluateTestCard(card: TestCardDto, now = new Date()): TestCardOutcome {
  const number = (card.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{16}$/.test(number)) return { kind: 'invalid', message: PAYMENT_MESSAGES.incompleteNumber };
  const expiry = readExpiry(card.expMonth, card.expYear, now);
  if (expiry !== 'valid')
    return {
      kind: 'invalid',
      message: expiry === 'past' ? PAYMENT_MESSAGES.expiryInPast : PAYMENT_MESSAGES.incompleteExpiry,
    };
  if (!/^\d{3,4}$/.test(card.cvc ?? '')) return { kind: 'invalid', message: PAYMENT_MESSAGES.incompleteCvc };
  // The billing country's postal codes, as Stripe's card form checks them: "M5H 2N2" in Canada, "2000" in Australia.
  const country = card.country || DEFAULT_COUNTRY;
  if (!isPostalCodeOf(country, card.postalCode)) return { kind: 'invalid', message: invalidPostalCodeMessage(country) };
  return CARDS[number] ?? { kind: 'declined', message: PAYMENT_MESSAGES.processingError };
}

/**
 * A month 1-12 and a 2- or 4-digit year is complete; a complete date before this month is 'past', which Stripe's card
 * form reports as such (not as incomplete): the buyer needs to know the card itself is out of date.
 */
function readExpiry(
  monthText: string | undefined,
  yearText: string | undefined,
  now: Date,
): 'valid' | 'incomplete' | 'past' {
  if (!/^\d{1,2}$/.test(monthText ?? '') || !/^(\d{2}|\d{4})$/.test(yearText ?? '')) return 'incomplete';
  const month = Number(monthText);
  const year = yearText!.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return 'incomplete';
  const current = year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
  return current ? 'valid' : 'past';
}

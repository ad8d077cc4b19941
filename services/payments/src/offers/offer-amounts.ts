import { ErrorCode, OFFER_MESSAGES } from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import { fromCents } from '../database/cents.transformer';

/** Integer cents of an amount the contracts' pattern already checked ("12.5" → 1250). */
export function centsOf(amount: string | number): number {
  const [whole, fraction = ''] = String(amount).trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function counterAmountOf(amount: string | undefined): number {
  if (amount === undefined) {
    const message = OFFER_MESSAGES.counterAmountRequired;
    throw new DomainError(ErrorCode.ValidationFailed, message, [{ field: 'amount', message }]);
  }
  return centsOf(amount);
}

/** At least half the price (rounded up to the cent), at most the price; refused as bad input naming the bound. */
export function checkAmount(amountCents: number, priceCents: number, what: 'offer' | 'counter'): void {
  const minimum = Math.ceil(priceCents / 2);
  let message: string | null = null;
  if (amountCents < minimum)
    message = (what === 'offer' ? OFFER_MESSAGES.tooLow : OFFER_MESSAGES.counterTooLow)(fromCents(minimum));
  else if (amountCents > priceCents)
    message = (what === 'offer' ? OFFER_MESSAGES.tooHigh : OFFER_MESSAGES.counterTooHigh)(fromCents(priceCents));
  if (message) throw new DomainError(ErrorCode.ValidationFailed, message, [{ field: 'amount', message }]);
}

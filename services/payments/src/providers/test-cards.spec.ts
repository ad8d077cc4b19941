import { PAYMENT_MESSAGES } from '@souvenir/contracts';
import { evaluateTestCard } from './test-cards';

const NOW = new Date('2026-11-24T12:00:00Z');
const card = (changes: Record<string, string> = {}) => ({
  number: '4242 4242 4242 4242',
  expMonth: '12',
  expYear: '28',
  cvc: '123',
  postalCode: '10001',
  ...changes,
});

describe('evaluateTestCard', () => {
  it("says a past expiry is in the past, as Stripe's card form does, not that it is incomplete", () => {
    expect(evaluateTestCard(card({ expMonth: '10', expYear: '26' }), NOW)).toEqual({
      kind: 'invalid',
      message: PAYMENT_MESSAGES.expiryInPast,
    });
    expect(evaluateTestCard(card({ expMonth: '12', expYear: '2001' }), NOW)).toEqual({
      kind: 'invalid',
      message: PAYMENT_MESSAGES.expiryInPast,
    });
  });

  it('keeps "incomplete" for a date that is not one, and accepts this month', () => {
    expect(evaluateTestCard(card({ expYear: '' }), NOW)).toEqual({
      kind: 'invalid',
      message: PAYMENT_MESSAGES.incompleteExpiry,
    });
    expect(evaluateTestCard(card({ expMonth: '13' }), NOW)).toEqual({
      kind: 'invalid',
      message: PAYMENT_MESSAGES.incompleteExpiry,
    });
    expect(evaluateTestCard(card({ expMonth: '11', expYear: '26' }), NOW)).toEqual({ kind: 'succeeded' });
  });

  it("answers Stripe's expired test card as the issuer would", () => {
    expect(evaluateTestCard(card({ number: '4000 0000 0000 0069' }), NOW)).toEqual({
      kind: 'declined',
      message: PAYMENT_MESSAGES.expiredCard,
    });
  });
});

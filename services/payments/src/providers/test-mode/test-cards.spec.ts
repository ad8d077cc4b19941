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

  it("takes the billing country's postal codes: Canadian, British and Australian buyers can pay", () => {
    for (const [country, postalCode] of [
      ['Canada', 'M5H 2N2'],
      ['Canada', 'm5h2n2'],
      ['United Kingdom', 'SW1A 1AA'],
      ['UK', 'EC1A 1BB'],
      ['Australia', '2000'],
      ['United States', '10001-1234'],
      ['Japan', '100-0001'],
    ])
      expect(evaluateTestCard(card({ country, postalCode }), NOW)).toEqual({ kind: 'succeeded' });
  });

  it("refuses a postal code that is not the billing country's, with that country's example", () => {
    expect(evaluateTestCard(card({ country: 'Canada', postalCode: '10001' }), NOW)).toEqual({
      kind: 'invalid',
      message: 'Please enter a valid postal code (e.g., M5H 2N2).',
    });
    expect(evaluateTestCard(card({ country: 'Australia', postalCode: '20000' }), NOW)).toEqual({
      kind: 'invalid',
      message: 'Please enter a valid postal code (e.g., 2000).',
    });
    // No country: the United States, as before, with the spec's own sentence.
    expect(evaluateTestCard(card({ postalCode: 'M5H 2N2' }), NOW)).toEqual({
      kind: 'invalid',
      message: PAYMENT_MESSAGES.invalidPostalCode,
    });
  });
});

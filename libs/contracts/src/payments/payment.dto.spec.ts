import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { toFieldErrors } from '../validation/field-errors';
import { BUNDLE_MESSAGES } from './bundle';
import { ConfirmTestPaymentDto, CreatePaymentIntentDto } from './payment.dto';

const errorsOf = (body: Record<string, unknown>) =>
  toFieldErrors(
    validateSync(plainToInstance(ConfirmTestPaymentDto, body), { whitelist: true, forbidNonWhitelisted: true }),
  );

describe('ConfirmTestPaymentDto', () => {
  it('requires the card (a confirm without one reached the provider and failed with a 500)', () => {
    for (const card of [undefined, null, 'x', 4242, []]) {
      expect(errorsOf({ clientSecret: 'pi_secret', card })).toEqual([
        { field: 'card', message: 'Card details are required' },
      ]);
    }
  });

  it('accepts an incomplete card: its fields are answered with the spec messages by the provider, not 400', () => {
    expect(errorsOf({ clientSecret: 'pi_secret', card: {} })).toEqual([]);
    expect(errorsOf({ clientSecret: 'pi_secret', card: { number: '4242' } })).toEqual([]);
  });
});

describe('CreatePaymentIntentDto', () => {
  const ids = ['6f1c1f3e-8a2b-4c3d-9e4f-1a2b3c4d5e6f', '7f1c1f3e-8a2b-4c3d-9e4f-1a2b3c4d5e6f'];
  const intentErrors = (body: Record<string, unknown>) =>
    toFieldErrors(validateSync(plainToInstance(CreatePaymentIntentDto, { amount: '10.00', ...body })));

  it('takes one productId or 2..10 distinct productIds', () => {
    expect(intentErrors({ productId: ids[0] })).toEqual([]);
    expect(intentErrors({ productIds: ids })).toEqual([]);
  });

  it('refuses neither, both, one id, duplicates, too many or bad ids with a sentence', () => {
    expect(intentErrors({})[0].field).toBe('productId');
    expect(intentErrors({ productId: ids[0], productIds: ids })).toEqual([
      { field: 'productIds', message: BUNDLE_MESSAGES.productOrProducts },
    ]);
    for (const productIds of [[ids[0]], [ids[0], ids[0]], Array(11).fill(ids[0]), ['x', 'y'], 'abc'])
      expect(intentErrors({ productIds }).length).toBeGreaterThan(0);
  });
});

import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { toFieldErrors } from '../validation/field-errors';
import { ConfirmTestPaymentDto } from './payment.dto';

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

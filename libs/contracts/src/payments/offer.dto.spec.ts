import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { toFieldErrors } from '../validation/field-errors';
import { CreateOfferDto, OFFER_MESSAGES } from './offer.dto';

describe('CreateOfferDto', () => {
  const ids = Array.from({ length: 11 }, (_, i) => `6f1c1f3e-8a2b-4c3d-9e4f-1a2b3c4d5e${String(i).padStart(2, '0')}`);
  const errorsOf = (body: Record<string, unknown>) =>
    toFieldErrors(
      validateSync(plainToInstance(CreateOfferDto, { amount: '10.00', ...body }), {
        whitelist: true,
        forbidNonWhitelisted: true,
      }),
    );

  it('takes one item, or 2 to 10 different items with the lead item first', () => {
    expect(errorsOf({ productId: ids[0] })).toEqual([]);
    expect(errorsOf({ productId: ids[0], productIds: ids.slice(0, 2) })).toEqual([]);
    expect(errorsOf({ productId: ids[0], productIds: ids.slice(0, 10) })).toEqual([]);
    expect(errorsOf({ productId: ids[0].toUpperCase(), productIds: ids.slice(0, 2) })).toEqual([]);
  });

  it('refuses one item, eleven, duplicates (in any case), another lead or bad ids with a sentence', () => {
    const first = (body: Record<string, unknown>) => errorsOf({ productId: ids[0], ...body })[0];
    for (const productIds of [[ids[0]], ids, [ids[0], ids[0]], [ids[0], ids[1], ids[1]!.toUpperCase()], [], 'x', {}])
      expect(first({ productIds })).toEqual({ field: 'productIds', message: OFFER_MESSAGES.bundleItems });
    expect(first({ productIds: [ids[1], ids[0]] })).toEqual({ field: 'productIds', message: OFFER_MESSAGES.leadFirst });
    for (const bad of ['nope', `${ids[1]}\u0000`, '💥', 42, null])
      expect(first({ productIds: [ids[0], bad] })?.field).toBe('productIds');
  });
});

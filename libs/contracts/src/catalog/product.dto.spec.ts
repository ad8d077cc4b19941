import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { LIMITS, MESSAGES } from '../validation/messages';
import { toFieldErrors } from '../validation/field-errors';
import { CreateProductDto } from './product.dto';

const listing = (changes: Record<string, unknown>) => ({
  title: 'Hand-woven basket',
  description: 'Carried home from a long trip, customs cleared.',
  price: '25.00',
  condition: 'new',
  category: 'Home Decor',
  country: 'Peru',
  images: ['https://example.com/a.jpg'],
  ...changes,
});
function check(changes: Record<string, unknown>) {
  const dto = plainToInstance(CreateProductDto, listing(changes));
  return { dto, errors: toFieldErrors(validateSync(dto, { whitelist: true, forbidNonWhitelisted: true })) };
}

describe('CreateProductDto prices', () => {
  it('caps price and original price at what the payment provider can charge ($999,999.99), with a sentence', () => {
    expect(LIMITS.priceMax * 100).toBe(99_999_999);
    expect(check({ price: '999999.99', originalPrice: 999_999.99 }).errors).toEqual([]);
    for (const price of ['1000000', 1_000_000, '21474836.48', 2 ** 31, '9999999999.99']) {
      expect(check({ price }).errors).toEqual([{ field: 'price', message: MESSAGES.priceMax }]);
      expect(check({ originalPrice: price }).errors).toEqual([
        { field: 'originalPrice', message: MESSAGES.originalPriceMax },
      ]);
    }
  });

  it("keeps the spec's price messages", () => {
    expect(check({ price: '' }).errors).toEqual([{ field: 'price', message: MESSAGES.priceRequired }]);
    expect(check({ price: '0' }).errors).toEqual([{ field: 'price', message: MESSAGES.pricePositive }]);
    expect(check({ price: 'abc' }).errors).toEqual([{ field: 'price', message: MESSAGES.pricePositive }]);
  });

  it('reads an empty original price ("" or spaces, as the form sends it) as none', () => {
    for (const originalPrice of ['', '   ', null, undefined]) {
      const { dto, errors } = check({ originalPrice });
      expect(errors).toEqual([]);
      expect(dto.originalPrice ?? null).toBeNull();
    }
    expect(check({ originalPrice: 'x' }).errors).toEqual([
      { field: 'originalPrice', message: 'Original price must be a positive number' },
    ]);
  });

  it('refuses an original price lower than the price, with a sentence on the original price', () => {
    expect(check({ price: '25.00', originalPrice: '24.99' }).errors).toEqual([
      { field: 'originalPrice', message: MESSAGES.originalPriceBelowPrice },
    ]);
    expect(check({ price: 25, originalPrice: 1 }).errors).toEqual([
      { field: 'originalPrice', message: MESSAGES.originalPriceBelowPrice },
    ]);
    for (const originalPrice of ['25', 25, '40.5', null, ''])
      expect(check({ price: '25.00', originalPrice }).errors).toEqual([]);
    // A bad price gets its own sentence only: there is nothing to compare the original price with.
    expect(check({ price: 'abc', originalPrice: 10 }).errors).toEqual([
      { field: 'price', message: MESSAGES.pricePositive },
    ]);
  });
});

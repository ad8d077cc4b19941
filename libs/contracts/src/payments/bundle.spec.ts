import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { toFieldErrors } from '../validation/field-errors';
import { BundleDiscountDto, bundlePrice, itemShares, itemsInWords } from './bundle';

describe('bundlePrice', () => {
  it('adds the prices and takes the discount from minItems items, rounded to the cent', () => {
    expect(bundlePrice(['12.50', '7.25'], { minItems: 2, percent: 10 })).toEqual({
      subtotal: '19.75',
      discount: '1.98',
      total: '17.77',
    });
  });

  it('gives no discount below minItems, at percent 0, or without a discount', () => {
    const none = { subtotal: '30.00', discount: '0.00', total: '30.00' };
    expect(bundlePrice(['10', '20.00'], { minItems: 3, percent: 20 })).toEqual(none);
    expect(bundlePrice(['10.00', '20.00'], { minItems: 2, percent: 0 })).toEqual(none);
    expect(bundlePrice(['10.00', '20.00'], undefined)).toEqual(none);
  });

  it('computes in cents: no float drift', () => {
    expect(bundlePrice(['0.10', '0.20', '0.05'], { minItems: 2, percent: 50 })).toEqual({
      subtotal: '0.35',
      discount: '0.18',
      total: '0.17',
    });
    expect(bundlePrice(['99999.99', '0.01'], { minItems: 2, percent: 1 }).total).toBe('99000.00');
  });
});

describe('itemShares', () => {
  it('spreads the discount pro rata and gives the remainder cents to the last item', () => {
    expect(itemShares([1250, 725], 1777)).toEqual([1124, 653]);
    expect(itemShares([100, 100, 100], 200)).toEqual([66, 66, 68]);
  });

  it('sums to what was paid', () => {
    const shares = itemShares([333, 1, 9999, 12], 9000);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(9000);
  });
});

describe('itemsInWords', () => {
  it('names one item by its title and a bundle by its first and how many more', () => {
    expect(itemsInWords('Rug')).toBe('Rug');
    expect(itemsInWords('Rug', 2)).toBe('Rug and 1 more item');
    expect(itemsInWords('Rug', 4)).toBe('Rug and 3 more items');
  });
});

describe('BundleDiscountDto', () => {
  const errorsOf = (body: unknown) => toFieldErrors(validateSync(plainToInstance(BundleDiscountDto, body)));
  it('accepts 2..10 items and 0..50 percent as whole numbers', () => {
    expect(errorsOf({ minItems: 2, percent: 0 })).toEqual([]);
    expect(errorsOf({ minItems: 10, percent: 50 })).toEqual([]);
  });
  it('refuses anything else with a sentence', () => {
    for (const body of [
      { minItems: 1, percent: 10 },
      { minItems: 11, percent: 10 },
      { minItems: 2.5, percent: 10 },
      { minItems: 2, percent: 51 },
      { minItems: 2, percent: -1 },
      { minItems: 2, percent: '10' },
      {},
    ])
      expect(errorsOf(body).length).toBeGreaterThan(0);
  });
});

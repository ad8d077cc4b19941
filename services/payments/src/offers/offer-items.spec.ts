import { bundlePrice, itemShares } from '@souvenir/contracts';
import type { OfferEntity } from './offer.entity';
import type { OfferItemEntity } from './offer-item.entity';
import { itemAtLimit, itemIdsOf, sameItems } from './offer-items';
import { checkAmount } from './offer-amounts';

const [a, b, c] = [
  '6f1c1f3e-8a2b-4c3d-9e4f-1a2b3c4d5e6a',
  '6f1c1f3e-8a2b-4c3d-9e4f-1a2b3c4d5e6b',
  '6f1c1f3e-8a2b-4c3d-9e4f-1a2b3c4d5e6c',
];
const offer = (itemCount: number, productId = a) => ({ id: 'o', productId, itemCount }) as OfferEntity;
const rows = (...ids: string[]) => ids.map((productId, position) => ({ productId, position }) as OfferItemEntity);

describe("an offer's items", () => {
  it('are a bundle offer’s rows in order, or the one item of an offer on one item', () => {
    expect(itemIdsOf(offer(1), undefined)).toEqual([a]);
    expect(itemIdsOf(offer(1), [])).toEqual([a]);
    expect(itemIdsOf(offer(3), rows(a, c, b))).toEqual([a, c, b]);
  });

  it('are paid only as offered: the same ids in the same order, whatever their case', () => {
    expect(sameItems([a, b], [a, b])).toBe(true);
    expect(sameItems([a, b], [a.toUpperCase(), b])).toBe(true);
    expect(sameItems([a, b], [b, a])).toBe(false);
    expect(sameItems([a, b], [a])).toBe(false);
    expect(sameItems([a, b], [a, b, c])).toBe(false);
    expect(sameItems([a], [a, b])).toBe(false);
  });

  it('count towards the 3 offers per buyer and item, a bundle offer for each of its items', () => {
    expect(itemAtLimit([a, b], [])).toBeNull();
    expect(itemAtLimit([a, b], [[a], [a, c]])).toBeNull();
    // Two single offers and a bundle offer on `b`: `b` is full, whichever item leads the new offer.
    expect(itemAtLimit([a, b], [[b], [b], [c, b]])).toBe(b);
    expect(itemAtLimit([b], [[b], [b], [c, B(b)]])).toBe(b);
    expect(itemAtLimit([a, c], [[b], [b], [c, b]])).toBeNull();
  });
});

describe('the bounds of an offer on a bundle', () => {
  it('are half and all of the bundle’s price after the seller’s discount', () => {
    // 12.50 + 7.25 + 20.00 = 39.75, less 10 % (3.98) = 35.77: at least 17.89, at most 35.77.
    const total = Number(bundlePrice(['12.50', '7.25', '20.00'], { minItems: 2, percent: 10 }).total.replace('.', ''));
    expect(total).toBe(3577);
    expect(() => checkAmount(1789, total, 'offer')).not.toThrow();
    expect(() => checkAmount(3577, total, 'offer')).not.toThrow();
    expect(() => checkAmount(1788, total, 'offer')).toThrow('at least half the price ($17.89)');
    expect(() => checkAmount(3578, total, 'offer')).toThrow('more than the price ($35.77)');
    expect(() => checkAmount(3578, total, 'counter')).toThrow('A counter-offer cannot be more than the price ($35.77)');
  });

  it('make shares that add up exactly to the amount agreed, pro rata to the prices', () => {
    for (const paid of [1789, 2500, 3001, 3577]) {
      const shares = itemShares([1250, 725, 2000], paid);
      expect(shares.reduce((sum, cents) => sum + cents, 0)).toBe(paid);
      expect(shares.every((cents) => cents >= 0)).toBe(true);
    }
    expect(itemShares([1000, 1000], 1501)).toEqual([750, 751]);
  });
});

function B(id: string): string {
  return id.toUpperCase();
}

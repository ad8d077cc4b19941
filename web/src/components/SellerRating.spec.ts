import { describe, expect, it } from '@jest/globals';
import { ratingLabel } from './SellerRating';

describe('ratingLabel', () => {
  it('shows the real average to one decimal with the count, short on cards and long where there is room', () => {
    expect(ratingLabel({ average: 4.67, count: 3 })).toBe('4.7 (3)');
    expect(ratingLabel({ average: 4.67, count: 3 }, true)).toBe('4.7 (3 reviews)');
    expect(ratingLabel({ average: 5, count: 1 }, true)).toBe('5.0 (1 review)');
  });

  it('says "New seller" when nobody has reviewed them yet', () => {
    expect(ratingLabel(null)).toBe('New seller');
    expect(ratingLabel(null, true)).toBe('New seller');
  });
});

import { readsMatchesFirst } from './products.repository';

describe('readsMatchesFirst', () => {
  const search = { tsQuery: 'ceram:*' };
  const page = (matchCount?: number, activeCount?: number) => ({ sort: 'recent' as const, after: null, limit: 25, matchCount, activeCount });

  it('reads the matches first when there are at most √(limit × active) of them', () => {
    expect(readsMatchesFirst(search, page(0, 97_000))).toBe(true);
    expect(readsMatchesFirst(search, page(1_557, 97_000))).toBe(true);
    expect(readsMatchesFirst(search, page(1_558, 97_000))).toBe(false);
    expect(readsMatchesFirst(search, page(4_900, 970_000))).toBe(true);
  });

  it('walks the index when browsing or when the totals are unknown', () => {
    expect(readsMatchesFirst({ tsQuery: null }, page(0, 97_000))).toBe(false);
    expect(readsMatchesFirst(search, page())).toBe(false);
  });
});

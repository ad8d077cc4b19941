import { correctWord, editDistance, wordForms } from './product-search';

describe('product search words', () => {
  it('accepts a "-ves" plural or its singulars', () => {
    expect(wordForms('scarves')).toEqual(['scarves', 'scarf', 'scarfe']);
    expect(wordForms('Knives')).toEqual(['Knives', 'Knif', 'Knife']);
    expect(wordForms('bowls')).toEqual(['bowls']);
    expect(wordForms('ves')).toEqual(['ves']);
  });

  it('counts an adjacent transposition as one edit', () => {
    expect(editDistance('japn', 'japan')).toBe(1);
    expect(editDistance('scraf', 'scarf')).toBe(1);
    expect(editDistance('kyotto', 'kyoto')).toBe(1);
    expect(editDistance('silk', 'silk')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('corrects a typo to the nearest known term, the most used on a tie, never to its own plural', () => {
    expect(
      correctWord('japn', [
        { term: 'jar', uses: 900 },
        { term: 'japan', uses: 160 },
      ]),
    ).toBe('japan');
    expect(
      correctWord('bowk', [
        { term: 'bowl', uses: 10 },
        { term: 'book', uses: 50 },
      ]),
    ).toBe('book');
    expect(correctWord('submarine', [{ term: 'summer', uses: 3 }])).toBeNull();
    expect(correctWord('bowls', [{ term: 'bowl', uses: 10 }])).toBeNull();
    // A plural of "-e" words, "-es" and "-ies" plurals, and a singular typed for a plural term: not typos either.
    expect(correctWord('homes', [{ term: 'home', uses: 10 }])).toBeNull();
    expect(correctWord('boxes', [{ term: 'box', uses: 10 }])).toBeNull();
    expect(correctWord('potteries', [{ term: 'pottery', uses: 10 }])).toBeNull();
    expect(correctWord('spice', [{ term: 'spices', uses: 10 }])).toBeNull();
    expect(
      correctWord('cat', [
        { term: 'cart', uses: 1 },
        { term: 'hat', uses: 2 },
      ]),
    ).toBe('hat');
  });
});

import { correctWord, editDistance } from './suggestion';

describe('did you mean', () => {
  it('counts an adjacent transposition as one edit', () => {
    expect(editDistance('japn', 'japan')).toBe(1);
    expect(editDistance('scraf', 'scarf')).toBe(1);
    expect(editDistance('kyotto', 'kyoto')).toBe(1);
    expect(editDistance('silk', 'silk')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('corrects a typo to the nearest known term, the most used on a tie, never to one that stems alike', () => {
    const term = (t: string, uses: number, sameStem = false) => ({ term: t, uses, sameStem });
    expect(correctWord('japn', [term('jar', 900), term('japan', 160)])).toBe('japan');
    expect(correctWord('bowk', [term('bowl', 10), term('book', 50)])).toBe('book');
    expect(correctWord('submarine', [term('summer', 3)])).toBeNull();
    // Its own plural or singular (the stemmer's judgement, from nearestTerms): not a typo.
    expect(correctWord('homes', [term('home', 10, true)])).toBeNull();
    // A trailing letter too many that the stemmer keeps ("glasss" is not a plural of "glass"): a typo.
    expect(correctWord('glasss', [term('glass', 10)])).toBe('glass');
    expect(correctWord('cat', [term('cart', 1), term('hat', 2)])).toBe('hat');
  });
});

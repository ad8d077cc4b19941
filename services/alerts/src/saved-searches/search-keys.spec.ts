import { searchKeys, secondKey } from './search-keys';

// Lexemes by word, by form, as Postgres makes them: [[['silver']], [['bowl']]] is "silver bowl".
const filters = { country: null, sellCategories: [], termLexemes: [] };

describe('the keys a saved search is filed under', () => {
  it('files it under its longest word, with another word as its second key', () => {
    const words = [[['silver']], [['bowl']]];
    expect(searchKeys(words, filters)).toEqual(['w:silver']);
    expect(secondKey(words)).toBe('w:bowl');
  });

  it('takes the longest of the other words as the second key', () => {
    expect(secondKey([[['tea']], [['talavera']], [['bowl']]])).toBe('w:bowl');
  });

  it('has no second key for one word, or when the others have several forms or lexemes', () => {
    expect(secondKey([[['talavera']]])).toBeNull();
    // "scarves" is held as any of scarv, scarf, scarfe; "hand-painted" as any of its parts.
    expect(secondKey([[['talavera']], [['scarv'], ['scarf'], ['scarf']]])).toBeNull();
    expect(secondKey([[['talavera']], [['hand-paint', 'hand', 'paint']]])).toBeNull();
    // Stop words only: filed under its filters, nothing to check twice.
    expect(secondKey([[[]], [[]]])).toBeNull();
  });
});

import { wordForms } from './product-search';

describe('product search words', () => {
  it('accepts a "-ves" plural or its singulars', () => {
    expect(wordForms('scarves')).toEqual(['scarves', 'scarf', 'scarfe']);
    expect(wordForms('Knives')).toEqual(['Knives', 'Knif', 'Knife']);
    expect(wordForms('bowls')).toEqual(['bowls']);
    expect(wordForms('ves')).toEqual(['ves']);
  });
});

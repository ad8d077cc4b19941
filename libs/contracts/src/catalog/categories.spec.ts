import {
  BROWSE_CATEGORIES,
  browseCategoriesOf,
  CATEGORY_FILTERS,
  categoryFilterOf,
  FILTER_CATEGORIES,
  SELL_CATEGORIES,
} from './categories';

describe('the category mapping', () => {
  it("keeps the spec's three lists: ten cards, five sidebar boxes, seven sell categories", () => {
    expect(BROWSE_CATEGORIES).toEqual([
      'Art & Crafts',
      'Antiques & Collectibles',
      'Fashion & Accessories',
      'Food & Confectionery',
      'Pop Culture & Entertainment',
      'Jewelry & Gems',
      'Ceramics & Pottery',
      'Textiles & Fabrics',
      'Music & Instruments',
      'Home Decor',
    ]);
    expect(FILTER_CATEGORIES).toEqual(['Art & Crafts', 'Clothing', 'Jewelry', 'Home Decor', 'Food & Drinks']);
    expect(SELL_CATEGORIES).toHaveLength(7);
  });

  it('puts every sell category under at least one card and at least one sidebar box', () => {
    for (const sellCategory of SELL_CATEGORIES) {
      expect(browseCategoriesOf(sellCategory).length).toBeGreaterThan(0);
      expect(
        FILTER_CATEGORIES.some((name) =>
          (CATEGORY_FILTERS[name].sellCategories as readonly string[]).includes(sellCategory),
        ),
      ).toBe(true);
    }
  });

  it('has Fashion & Accessories stand for Clothing (hats and scarves), and a card without a sell category find goods by its term', () => {
    expect(CATEGORY_FILTERS['Fashion & Accessories'].sellCategories).toEqual(['Clothing']);
    expect(browseCategoriesOf('Clothing')).toContain('Fashion & Accessories');
    expect(categoryFilterOf('Ceramics & Pottery')).toEqual({ sellCategories: [], term: 'ceramic' });
    for (const name of BROWSE_CATEGORIES) {
      const filter: { sellCategories: readonly string[]; term?: string } = CATEGORY_FILTERS[name];
      expect(filter.sellCategories.length > 0 || Boolean(filter.term)).toBe(true);
    }
    // A sidebar box is a plain category filter (an index lookup), never a text match.
    for (const name of FILTER_CATEGORIES) expect('term' in CATEGORY_FILTERS[name]).toBe(false);
  });

  it("matches any other name exactly (a sell category, or an API caller's own)", () => {
    expect(categoryFilterOf('Textiles')).toEqual({ sellCategories: ['Textiles'] });
    expect(categoryFilterOf('Collectibles')).toEqual({ sellCategories: ['Collectibles'] });
    expect(categoryFilterOf('toString')).toEqual({ sellCategories: ['toString'] });
  });
});

/**
 * Categories: what a product is listed under (the sell form's seven), and the names shoppers browse by (the
 * Categories page's ten, the sidebar's five, spec section 3). The lists differ, so `CATEGORY_FILTERS` says once
 * what each browse name stands for; catalog's `categories` filter, the Categories page's counts and the sidebar
 * all read it, so a card's count is the number of results its link shows.
 */

/** Sell form categories (spec section 3): the one category a listed product has. */
export const SELL_CATEGORIES = [
  'Art & Crafts',
  'Clothing',
  'Jewelry',
  'Home Decor',
  'Food & Drinks',
  'Textiles',
  'Collectibles',
] as const;
export type SellCategory = (typeof SELL_CATEGORIES)[number];

/** What a browse name stands for: the sell categories it covers, and a word that finds the rest by their text. */
export interface CategoryFilter {
  /** Products listed under any of these match. */
  sellCategories: readonly SellCategory[];
  /**
   * The spec's search term of a Categories page card ("ceramic", "pop culture"): products whose title, description
   * or category contain it match too, so a card with no sell category of its own (Ceramics & Pottery) still
   * finds its goods. Matched like a search (every word, as a prefix). Absent for the sidebar's names.
   */
  term?: string;
}

/**
 * The one mapping: each browse name (a Categories page card or a sidebar box) and what it stands for. A name in
 * both lists (Art & Crafts, Home Decor) means the same products in both, and has no term: a sidebar box stays a
 * plain category filter, an index lookup. Every sell category is under at least one card and one sidebar box, so
 * nothing listed is out of reach of either.
 */
export const CATEGORY_FILTERS = {
  'Art & Crafts': { sellCategories: ['Art & Crafts', 'Collectibles'] },
  'Antiques & Collectibles': { sellCategories: ['Collectibles'], term: 'antique' },
  'Fashion & Accessories': { sellCategories: ['Clothing'], term: 'fashion' },
  'Food & Confectionery': { sellCategories: ['Food & Drinks'], term: 'food' },
  'Pop Culture & Entertainment': { sellCategories: [], term: 'pop culture' },
  'Jewelry & Gems': { sellCategories: ['Jewelry'], term: 'jewelry' },
  'Ceramics & Pottery': { sellCategories: [], term: 'ceramic' },
  'Textiles & Fabrics': { sellCategories: ['Textiles'], term: 'textile' },
  'Music & Instruments': { sellCategories: [], term: 'music' },
  'Home Decor': { sellCategories: ['Home Decor', 'Textiles'] },
  Clothing: { sellCategories: ['Clothing'] },
  Jewelry: { sellCategories: ['Jewelry'] },
  'Food & Drinks': { sellCategories: ['Food & Drinks'] },
} as const satisfies Record<string, CategoryFilter>;
export type CategoryFilterName = keyof typeof CATEGORY_FILTERS;

/** The Categories page's cards, in the spec's order (spec section 3). */
export const BROWSE_CATEGORIES = [
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
] as const satisfies readonly CategoryFilterName[];

/** The sidebar's category boxes (spec section 3). */
export const FILTER_CATEGORIES = [
  'Art & Crafts',
  'Clothing',
  'Jewelry',
  'Home Decor',
  'Food & Drinks',
] as const satisfies readonly CategoryFilterName[];

/**
 * What a name in a `categories` filter stands for. A browse name expands through `CATEGORY_FILTERS`; any other
 * name (a sell category such as Textiles, or an API caller's own) matches products listed under exactly that name.
 */
export function categoryFilterOf(name: string): { sellCategories: readonly string[]; term?: string } {
  return isCategoryFilterName(name) ? CATEGORY_FILTERS[name] : { sellCategories: [name] };
}

export function isCategoryFilterName(name: string): name is CategoryFilterName {
  return Object.prototype.hasOwnProperty.call(CATEGORY_FILTERS, name);
}

/** The Categories page cards a product listed under this sell category is counted in (the sell form's hint). */
export function browseCategoriesOf(sellCategory: string): CategoryFilterName[] {
  return BROWSE_CATEGORIES.filter((name) =>
    (CATEGORY_FILTERS[name].sellCategories as readonly string[]).includes(sellCategory),
  );
}

/** A Categories page card's number of active products, counted by catalog with the `categories` filter's own SQL. */
export interface BrowseCategoryCountDto {
  name: CategoryFilterName;
  /** Exact up to the lists' bound (1,000), like `X-Total-Count`. */
  count: number;
  /** More than `count` match ("1,000+"), as `X-Total-Is-Lower-Bound` says of a list. */
  countIsLowerBound?: boolean;
}

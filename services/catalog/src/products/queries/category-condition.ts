import { categoryFilterOf } from '@souvenir/contracts';

/**
 * The SQL condition of a `categories` filter: a product matches when it is listed under one of the sell
 * categories the names stand for, or when its text matches one of their terms (CATEGORY_FILTERS, the one mapping
 * the Categories page and the sidebar use). `add` binds a parameter; `matchesWords` is the search's own text
 * condition for a list of words, so a card's term finds what a search for it finds.
 */
export function categoryCondition(
  names: string[],
  add: (value: unknown) => string,
  matchesWords: (words: string[]) => string,
): string {
  const sellCategories = new Set<string>();
  const terms = new Set<string>();
  for (const name of names) {
    const filter = categoryFilterOf(name);
    filter.sellCategories.forEach((category) => sellCategories.add(category));
    if (filter.term) terms.add(filter.term);
  }
  // One sell category is an equality, not `= ANY`: Postgres walks products_category_idx in its (created_at, id)
  // order only for an equality, so a search page's window then reads that category's products alone, not every
  // product tested for it (`koreas` in Jewelry at 1M: 2,000 rows instead of 14,400).
  const alternatives = [
    ...(sellCategories.size === 1 ? [`p.category = ${add([...sellCategories][0])}`] : []),
    ...(sellCategories.size > 1 ? [`p.category = ANY(${add([...sellCategories])}::text[])`] : []),
    ...[...terms].map((term) => matchesWords(term.split(/\s+/))),
  ];
  return `(${alternatives.join(' OR ')})`;
}

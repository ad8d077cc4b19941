import { categoryFilterOf, type Condition, type Contents } from '@souvenir/contracts';
import { categoryCondition } from './category-condition';
import type { Params } from '../../database/params';
import { PRODUCTS_WITH_SELLERS } from './product-columns';
import { matchesAnywhere, searchTsQuery } from '../../search/search-query';

/** Browse filters, already normalised by the service. */
export interface ProductFilters {
  /** The user's words (letters and digits only), each matched as a prefix (see `searchTsQuery`); null when not searching. */
  searchWords: string[] | null;
  country?: string;
  minPrice?: number;
  maxPrice?: number;
  categories?: string[];
  condition?: Condition;
  location?: string;
  /** The Contents facet: any of these (products_contents_idx). */
  contents?: Contents[];
  /** Documents attached or checked (products_documented_recent_idx). */
  documentedOrigin?: boolean;
  /** Only what ships within this country: the seller's `ships_from` (sellers_ships_from_idx). */
  shipsTo?: string;
}

/** Home's lists: no search and no filter, so only the sort and the cursor tell two pages apart. */
export function isUnfiltered(filters: ProductFilters): boolean {
  return (
    filters.searchWords === null &&
    !filters.country &&
    filters.minPrice === undefined &&
    filters.maxPrice === undefined &&
    !filters.categories?.length &&
    !filters.condition &&
    !filters.location &&
    !filters.contents?.length &&
    !filters.documentedOrigin &&
    !filters.shipsTo
  );
}

/** A search without other filters: its total past the bound may be proven from the lexeme counts (`lowerBoundProven`). */
export const onlyWords = (filters: ProductFilters) => isUnfiltered({ ...filters, searchWords: null });

/**
 * A search whose GIN reads take the words' exact lexemes (`searchTsQuery`'s `exact`): no other filter, or only a
 * country, categories and a price range, which GIN reads together with the words (`(country, search_doc)`,
 * `(category, search_doc)` and, for a narrow range, the filter keys' `products_filters_search_idx`: migrations
 * 1735900000000 and 1739300000000), so GIN first is the plan whatever the words' count. A wide range is tested on the
 * words' matches, which costs less than the table scan the words' prefixes made the planner choose
 * (bench/results/history-2026-11-28.md). With any other filter the planner must keep the words' statistics: it
 * weighs the words' GIN index against the filter's btree, and the exact lexemes, a subquery, would hide how many match.
 */
export const exactWordReads = (filters: ProductFilters) =>
  isUnfiltered({
    ...filters,
    searchWords: null,
    country: undefined,
    categories: undefined,
    minPrice: undefined,
    maxPrice: undefined,
  });

/**
 * Whether a search page's window may test the filters in its sort's index alone (the sort indexes carry price,
 * favourite count, category and country: migration 1736700000000) and read from the table only the rows that pass:
 * some filter is a country, a price range or categories, and every filter is one of those, with no category's term
 * (a term is a text match, which needs the row). A window with no filter reads every row it walks anyway.
 */
export function filtersInSortIndexes(filters: ProductFilters): boolean {
  const indexed = { country: undefined, minPrice: undefined, maxPrice: undefined, categories: undefined };
  const some = !!filters.country || filters.minPrice !== undefined || filters.maxPrice !== undefined;
  const categories = filters.categories ?? [];
  return (
    isUnfiltered({ ...filters, ...indexed, searchWords: null }) &&
    (some || categories.length > 0) &&
    categories.every((name) => !categoryFilterOf(name).term)
  );
}

/**
 * Most times its bottom a price range's top may be for the words to be read through its price bands: about eight of
 * the index's bands (each ~20 % wide). Each band is one more posting list to intersect with the words', so a wide
 * range costs more that way than testing the price of each match (bench/results/history-2026-11-28.md, "price bands").
 */
const BANDED_PRICE_RATIO = 4;

const isBandedPriceRange = (filters: ProductFilters) =>
  filters.minPrice !== undefined &&
  filters.maxPrice !== undefined &&
  filters.minPrice > 0 &&
  filters.maxPrice <= filters.minPrice * BANDED_PRICE_RATIO;

/**
 * Whether some filter has a GIN index of its own beside the words' (`(country, search_doc)`, `(category,
 * search_doc)`, the filter keys' `products_filters_search_idx`: migrations 1735900000000 and 1739300000000), which
 * reads only the matches the filter keeps, where the title's or the labels' index reads every match of the words
 * first.
 */
export const narrowedBySearchIndex = (filters: ProductFilters): boolean =>
  !!filters.country || !!filters.categories?.length || isBandedPriceRange(filters);

/** The products' filter keys (`catalog.search_filter_keys`, migration 1739300000000), indexed beside the words. */
const FILTER_KEYS = 'catalog.search_filter_keys(p.category, p.country, p.price)';

/**
 * The conditions that read a narrow price range's matches through `products_filters_search_idx`: the range's bands,
 * and the country and the sell categories, each an overlap with the products' filter keys (one GIN key each,
 * intersected with the words inside the index). A country's or categories' key stands for its filter, exactly
 * (`country:X` is a key only of a product of country X), in place of the equality another index also takes: the
 * planner, which cannot estimate the words' matches (`searchTsQuery`'s `exact`), would otherwise read the words and
 * that filter alone and test the price in the table. Categories whose filter also matches a term (an OR) keep their
 * own condition. The bands only narrow the read: the price is still tested.
 */
function bandedFilterKeys(
  filters: ProductFilters,
  params: Params,
  bands: string,
): { keys: string[]; country: boolean; categories: boolean } {
  const keys = [`${FILTER_KEYS} && ${bands}`];
  if (filters.country) keys.push(`${FILTER_KEYS} && ARRAY[${params.add(`country:${filters.country}`)}::text]`);
  const categories = (filters.categories ?? []).map(categoryFilterOf);
  const sellCategoriesOnly = categories.length > 0 && categories.every((filter) => !filter.term);
  if (sellCategoriesOnly) {
    const sellCategories = [...new Set(categories.flatMap((filter) => filter.sellCategories))];
    keys.push(`${FILTER_KEYS} && ${params.add(sellCategories.map((category) => `category:${category}`))}::text[]`);
  }
  return { keys, country: !!filters.country, categories: sellCategoriesOnly };
}

/**
 * The FROM and WHERE of the filters (active products only). `search`: whether the search's words are a condition
 * (a match anywhere; a ranked search page tests its own tier instead); `withSellers` joins the sellers as `s` for
 * `PRODUCT_COLUMNS` (a location or ships-to filter joins them anyway).
 */
export function filterSql(
  filters: ProductFilters,
  params: Params,
  { search = true, withSellers = false }: { search?: boolean; withSellers?: boolean } = {},
): { from: string; where: string[] } {
  const where = [`p.status = 'active'`];
  const from = withSellers || filters.location || filters.shipsTo ? PRODUCTS_WITH_SELLERS : 'catalog.products p';
  const banded = search && !!filters.searchWords?.length && isBandedPriceRange(filters);
  if (search && filters.searchWords?.length)
    where.push(matchesAnywhere(searchTsQuery(filters.searchWords, params, { exact: exactWordReads(filters) })));
  if (filters.country && !banded) where.push(`p.country = ${params.add(filters.country)}`);
  const minPriceParam = filters.minPrice === undefined ? null : `${params.add(filters.minPrice)}::numeric`;
  const maxPriceParam = filters.maxPrice === undefined ? null : `${params.add(filters.maxPrice)}::numeric`;
  if (minPriceParam) where.push(`p.price >= ${minPriceParam}`);
  if (maxPriceParam) where.push(`p.price <= ${maxPriceParam}`);
  // A narrow range's bands, country and sell categories as filter keys, for the words' GIN read.
  const keyed = banded
    ? bandedFilterKeys(filters, params, `catalog.price_band_keys(${minPriceParam}, ${maxPriceParam})`)
    : null;
  if (keyed) where.push(...keyed.keys);
  // Browse names stand for sell categories and terms (CATEGORY_FILTERS): category-condition.ts.
  if (filters.categories?.length && !keyed?.categories) {
    where.push(
      categoryCondition(
        filters.categories,
        (value) => params.add(value),
        (words) => matchesAnywhere(searchTsQuery(words, params)),
      ),
    );
  }
  if (filters.condition) where.push(`p.condition = ${params.add(filters.condition)}`);
  if (filters.location) where.push(`s.location = ${params.add(filters.location)}`);
  if (filters.shipsTo) where.push(`s.ships_from = ${params.add(filters.shipsTo)}`);
  if (filters.contents?.length) where.push(`p.contents && ${params.add(filters.contents)}::text[]`);
  if (filters.documentedOrigin) where.push(`p.origin_level IS NOT NULL`);
  return { from, where };
}

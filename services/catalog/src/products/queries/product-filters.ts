import type { Condition, Contents } from '@souvenir/contracts';
import { categoryCondition } from '../../categories/category-condition';
import type { Params } from './params';
import { PRODUCTS_WITH_SELLERS } from './product-columns';
import { matchesAnywhere, searchTsQuery } from './search-query';

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
    !filters.documentedOrigin
  );
}

/** A search without other filters: its total past the bound may be proven from the lexeme counts (`lowerBoundProven`). */
export const onlyWords = (filters: ProductFilters) => isUnfiltered({ ...filters, searchWords: null });

/**
 * A search whose GIN reads take the words' exact lexemes (`searchTsQuery`'s `exact`): no other filter, or only a
 * country and categories, which GIN reads together with the words (`(country, search_doc)` and `(category,
 * search_doc)`, migration 1735900000000-filtered-search-indexes), so GIN first is the plan whatever the words' count.
 * With any other filter the planner must keep the words' statistics: it weighs the words' GIN index against the
 * filter's btree (a frequent word in a price range), and the exact lexemes, a subquery, would hide how many match.
 */
export const exactWordReads = (filters: ProductFilters) =>
  isUnfiltered({ ...filters, searchWords: null, country: undefined, categories: undefined });

/**
 * The FROM and WHERE of the filters (active products only). `search`: whether the search's words are a condition
 * (a match anywhere; a ranked search page tests its own tier instead); `withSellers` joins the sellers as `s` for
 * `PRODUCT_COLUMNS` (a location filter joins them anyway).
 */
export function filterSql(
  filters: ProductFilters,
  params: Params,
  { search = true, withSellers = false }: { search?: boolean; withSellers?: boolean } = {},
): { from: string; where: string[] } {
  const where = [`p.status = 'active'`];
  const from = withSellers || filters.location ? PRODUCTS_WITH_SELLERS : 'catalog.products p';
  if (search && filters.searchWords?.length)
    where.push(matchesAnywhere(searchTsQuery(filters.searchWords, params, { exact: exactWordReads(filters) })));
  if (filters.country) where.push(`p.country = ${params.add(filters.country)}`);
  if (filters.minPrice !== undefined) where.push(`p.price >= ${params.add(filters.minPrice)}::numeric`);
  if (filters.maxPrice !== undefined) where.push(`p.price <= ${params.add(filters.maxPrice)}::numeric`);
  // Browse names stand for sell categories and terms (CATEGORY_FILTERS): ../../categories/category-condition.ts.
  if (filters.categories?.length) {
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
  if (filters.contents?.length) where.push(`p.contents && ${params.add(filters.contents)}::text[]`);
  if (filters.documentedOrigin) where.push(`p.origin_level IS NOT NULL`);
  return { from, where };
}

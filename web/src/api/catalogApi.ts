import type {
  BrowseCategoryCountDto,
  CategoryDto,
  Condition,
  CreateProductDto,
  CreatedProductDto,
  ProductDto,
  ProductPageDto,
  ProductSort,
} from '@souvenir/contracts';
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { api, nextCursorOf } from './api';
import { PRODUCTS_FOR_SALE, productTags } from './cachedCopies';

/** Browse filters as the Home page holds them; empty values are left out of the query. */
export interface ProductFilters {
  search?: string;
  country?: string;
  minPrice?: string;
  maxPrice?: string;
  categories?: string[];
  condition?: Condition | '';
  location?: string;
  /** The Contents facet and the Documented origin filter. */
  contents?: string[];
  documentedOrigin?: boolean;
  /** Only what ships within this country: delivery is domestic. */
  shipsTo?: string;
  sort?: ProductSort;
}

export type NewProduct = Omit<CreateProductDto, 'originalPrice'> & { originalPrice: number | null };

export const PAGE_LIMIT = 24;

function productsQuery(filters: ProductFilters, cursor: string | null, limit = PAGE_LIMIT): string {
  const params = new URLSearchParams();
  const search = filters.search?.trim();
  if (search) params.set('search', search);
  if (filters.country) params.set('country', filters.country);
  // Prices are parsed as decimals and sent only when non-empty (spec section 5).
  for (const key of ['minPrice', 'maxPrice'] as const) {
    const raw = filters[key]?.trim();
    if (raw && Number.isFinite(Number.parseFloat(raw))) params.set(key, String(Number.parseFloat(raw)));
  }
  for (const category of filters.categories ?? []) params.append('categories', category);
  if (filters.condition) params.set('condition', filters.condition);
  if (filters.location && filters.location !== 'Any Location') params.set('location', filters.location);
  for (const item of filters.contents ?? []) params.append('contents', item);
  if (filters.documentedOrigin) params.set('documentedOrigin', 'true');
  if (filters.shipsTo) params.set('shipsTo', filters.shipsTo);
  if (filters.sort && filters.sort !== 'recent') params.set('sort', filters.sort);
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return `/products?${params.toString()}`;
}

function toPage(items: ProductDto[], meta: FetchBaseQueryMeta | undefined): ProductPageDto {
  const headers = meta?.response?.headers;
  const total = Number(headers?.get('X-Total-Count'));
  const suggestion = headers?.get('X-Search-Suggestion');
  return {
    items,
    nextCursor: nextCursorOf(meta),
    totalCount: Number.isFinite(total) && headers?.has('X-Total-Count') ? total : items.length,
    // Past a bound the server stops counting: "1,000+ results".
    ...(headers?.get('X-Total-Is-Lower-Bound') === 'true' ? { totalIsLowerBound: true } : {}),
    // "Did you mean …" for a search that found nothing (URI-encoded: a header carries ASCII only).
    ...(suggestion ? { suggestion: safeDecode(suggestion) } : {}),
  };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.infiniteQuery<ProductPageDto, ProductFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) => productsQuery(queryArg, pageParam),
      transformResponse: (items: ProductDto[], meta) => toPage(items, meta),
      providesTags: (result) => [PRODUCTS_FOR_SALE, ...productTags(result)],
    }),
    getProduct: build.query<ProductDto, string>({
      query: (id) => `/products/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    createProduct: build.mutation<CreatedProductDto, NewProduct>({
      query: (body) => ({ url: '/products', method: 'POST', body }),
      invalidatesTags: [PRODUCTS_FOR_SALE, 'Category', 'UserProducts'],
    }),
    deleteProduct: build.mutation<void, string>({
      query: (id) => ({ url: `/products/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [PRODUCTS_FOR_SALE, 'Category', 'UserProducts', 'Favorite'],
    }),
    getCategories: build.query<CategoryDto[], void>({
      query: () => '/categories',
      providesTags: ['Category'],
    }),
    /** The Categories page's cards with their counts (catalog counts them; the page downloads no products). */
    getBrowseCategoryCounts: build.query<BrowseCategoryCountDto[], void>({
      query: () => '/categories/browse',
      providesTags: ['Category'],
    }),
  }),
});

export const {
  useGetProductsInfiniteQuery,
  useGetProductQuery,
  useCreateProductMutation,
  useDeleteProductMutation,
  useGetCategoriesQuery,
  useGetBrowseCategoryCountsQuery,
} = catalogApi;

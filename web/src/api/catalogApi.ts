import type { CategoryDto, Condition, CreateProductDto, ProductDto, ProductPageDto, ProductSort } from '@souvenir/contracts';
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { api, nextCursorOf, type ApiError } from './api';

/** Browse filters as the Home page holds them; empty values are left out of the query. */
export interface ProductFilters {
  search?: string;
  country?: string;
  minPrice?: string;
  maxPrice?: string;
  categories?: string[];
  condition?: Condition | '';
  location?: string;
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
  if (filters.sort && filters.sort !== 'recent') params.set('sort', filters.sort);
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return `/products?${params.toString()}`;
}

function toPage(items: ProductDto[], meta: FetchBaseQueryMeta | undefined): ProductPageDto {
  const headers = meta?.response?.headers;
  const total = Number(headers?.get('X-Total-Count'));
  return { items, nextCursor: nextCursorOf(meta), totalCount: Number.isFinite(total) && headers?.has('X-Total-Count') ? total : items.length };
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
      providesTags: (result) => [
        { type: 'Product', id: 'LIST' },
        ...(result?.pages.flatMap((page) => page.items.map((p) => ({ type: 'Product' as const, id: p.id }))) ?? []),
      ],
    }),
    /** Every active product, page after page: the Categories page counts matches client side. */
    getAllProducts: build.query<ProductDto[], void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const all: ProductDto[] = [];
        let cursor: string | null = null;
        for (let page = 0; page < 50; page += 1) {
          const result = await baseQuery(productsQuery({}, cursor, 100));
          if (result.error) return { error: result.error as ApiError };
          const { items, nextCursor } = toPage(result.data as ProductDto[], result.meta as FetchBaseQueryMeta | undefined);
          all.push(...items);
          cursor = nextCursor;
          if (!cursor) break;
        }
        return { data: all };
      },
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    getProduct: build.query<ProductDto, string>({
      query: (id) => `/products/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    createProduct: build.mutation<ProductDto, NewProduct>({
      query: (body) => ({ url: '/products', method: 'POST', body }),
      invalidatesTags: [{ type: 'Product', id: 'LIST' }, 'Category', 'UserProducts'],
    }),
    deleteProduct: build.mutation<void, string>({
      query: (id) => ({ url: `/products/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Product', id: 'LIST' }, 'Category', 'UserProducts', 'Favorite'],
    }),
    getCategories: build.query<CategoryDto[], void>({
      query: () => '/categories',
      providesTags: ['Category'],
    }),
  }),
});

export const {
  useGetProductsInfiniteQuery,
  useGetAllProductsQuery,
  useGetProductQuery,
  useCreateProductMutation,
  useDeleteProductMutation,
  useGetCategoriesQuery,
} = catalogApi;

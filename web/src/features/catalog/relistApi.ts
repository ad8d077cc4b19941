import type { ProductDto } from '@souvenir/contracts';
import { api } from '../../api/api';
import { PRODUCTS_FOR_SALE } from '../../api/cachedCopies';

/** The seller puts a listing back on sale: it shows in browse, search and their profile again. */
export const relistApi = api.injectEndpoints({
  endpoints: (build) => ({
    relistProduct: build.mutation<ProductDto, string>({
      query: (id) => ({ url: `/products/${encodeURIComponent(id)}/relist`, method: 'POST', body: {} }),
      invalidatesTags: (_result, error, id) =>
        error ? [] : [{ type: 'Product', id }, PRODUCTS_FOR_SALE, 'Category', 'UserProducts'],
    }),
  }),
});

export const { useRelistProductMutation } = relistApi;

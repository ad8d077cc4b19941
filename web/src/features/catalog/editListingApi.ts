import type { ProductDto } from '@souvenir/contracts';
import { api } from '../../api/api';
import { PRODUCTS_FOR_SALE } from '../../api/cachedCopies';
import type { NewProduct } from '../../api/catalogApi';

/** Any fields of the sell form: the server checks the listing as it would be after them. */
export type ListingChanges = Partial<NewProduct>;

/**
 * The seller edits a listing: its page (and its customs panel, same tag), browse, search, the seller's profile and
 * the Favorites tab load again in this tab. Other people's open pages are not pushed (there is no product channel):
 * they read the edit on their next load, the gateway's kept page read having been dropped by the edit's event.
 */
export const editListingApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateProduct: build.mutation<ProductDto, { id: string; changes: ListingChanges }>({
      query: ({ id, changes }) => ({ url: `/products/${encodeURIComponent(id)}`, method: 'PATCH', body: changes }),
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [{ type: 'Product', id }, PRODUCTS_FOR_SALE, 'Category', 'UserProducts', 'Favorite'],
    }),
  }),
});

export const { useUpdateProductMutation } = editListingApi;

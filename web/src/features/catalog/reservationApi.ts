import type { ProductDto } from '@souvenir/contracts';
import { api } from '../../api/api';
import { PRODUCTS_FOR_SALE } from '../../api/cachedCopies';

/**
 * The seller reserves an item for one buyer, or lifts the reservation: its page, its cards (browse, the seller's
 * profile, favourites) load again in this tab; the buyer's open pages follow by their live event.
 */
export const reservationApi = api.injectEndpoints({
  endpoints: (build) => ({
    reserveProduct: build.mutation<ProductDto, { id: string; buyerId: string; hours: number }>({
      query: ({ id, buyerId, hours }) => ({
        url: `/products/${encodeURIComponent(id)}/reserve`,
        method: 'POST',
        body: { buyerId, hours },
      }),
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [{ type: 'Product', id }, PRODUCTS_FOR_SALE, 'UserProducts', 'Favorite'],
    }),
    liftReservation: build.mutation<void, string>({
      query: (id) => ({ url: `/products/${encodeURIComponent(id)}/reserve`, method: 'DELETE' }),
      invalidatesTags: (_result, error, id) =>
        error ? [] : [{ type: 'Product', id }, PRODUCTS_FOR_SALE, 'UserProducts', 'Favorite'],
    }),
  }),
});

export const { useReserveProductMutation, useLiftReservationMutation } = reservationApi;

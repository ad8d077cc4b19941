import type { OrderDetailDto, ShipReturnDto } from '@souvenir/contracts';
import { api } from '../../api/api';

const orderUrl = (ref: string, action: string) => `/orders/${encodeURIComponent(ref)}/${action}`;

/**
 * A return support asked for: the buyer sends the item back, the seller confirms it arrived. Each answers the order
 * as it is now (shown at once), and every order list and the support queue load again.
 */
export const returnsApi = api.injectEndpoints({
  endpoints: (build) => ({
    shipReturn: build.mutation<OrderDetailDto, { ref: string; body: ShipReturnDto }>({
      query: ({ ref, body }) => ({ url: orderUrl(ref, 'return'), method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Order']),
    }),
    confirmReturn: build.mutation<OrderDetailDto, { ref: string }>({
      query: ({ ref }) => ({ url: orderUrl(ref, 'return/received'), method: 'POST', body: {} }),
      invalidatesTags: (_result, error) => (error ? [] : ['Order', 'UserProducts']),
    }),
  }),
});

export const { useShipReturnMutation, useConfirmReturnMutation } = returnsApi;

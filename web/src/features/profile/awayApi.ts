import type { AwayModeDto, SetAwayDto } from '@souvenir/contracts';
import { api } from '../../api/api';
import { PRODUCTS_FOR_SALE } from '../../api/cachedCopies';

/**
 * Away mode: the signed-in seller's own state (with their automatic reply), and whether any seller is away (their
 * profile). Turning it on or off changes how every page shows their items, so products are read again.
 */
export const awayApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyAway: build.query<AwayModeDto, void>({
      query: () => '/me/away',
      providesTags: [{ type: 'Away', id: 'ME' }],
    }),
    getUserAway: build.query<AwayModeDto, string>({
      query: (id) => `/users/${encodeURIComponent(id)}/away`,
      providesTags: (_result, _error, id) => [{ type: 'Away', id }],
    }),
    setAway: build.mutation<AwayModeDto, SetAwayDto>({
      query: (body) => ({ url: '/me/away', method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Away', 'Product', PRODUCTS_FOR_SALE, 'UserProducts']),
    }),
    endAway: build.mutation<void, void>({
      query: () => ({ url: '/me/away', method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Away', 'Product', PRODUCTS_FOR_SALE, 'UserProducts']),
    }),
  }),
});

export const { useGetMyAwayQuery, useGetUserAwayQuery, useSetAwayMutation, useEndAwayMutation } = awayApi;

import { api } from '../../api/api';
import type { BundleDiscountDto } from './bundleContract';

/**
 * The signed-in seller's bundle discount. Saving it changes how their items' pages read ("Buy 2+ from this seller,
 * save 10 %"), so products are read again.
 */
export const bundleApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyBundleDiscount: build.query<BundleDiscountDto, void>({
      query: () => '/me/bundle-discount',
      providesTags: ['BundleDiscount'],
    }),
    setMyBundleDiscount: build.mutation<BundleDiscountDto, BundleDiscountDto>({
      query: (body) => ({ url: '/me/bundle-discount', method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Product']),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(bundleApi.util.upsertQueryData('getMyBundleDiscount', undefined, data));
      },
    }),
  }),
});

export const { useGetMyBundleDiscountQuery, useSetMyBundleDiscountMutation } = bundleApi;

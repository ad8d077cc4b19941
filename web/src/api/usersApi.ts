import type {
  MeDto,
  ProductDto,
  ProductPageDto,
  SellerProductStatus,
  TrackRecordDto,
  UpdateProfileDto,
  UserDto,
} from '@souvenir/contracts';
import { api, nextCursorOf } from './api';
import { authApi } from './authApi';
import { PRODUCTS_FOR_SALE, productTags } from './cachedCopies';

type ProfileChanges = Pick<UpdateProfileDto, 'firstName' | 'lastName'> & { location: string | null };

export interface UserProductsArg {
  id: string;
  status: SellerProductStatus;
}

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUser: build.query<UserDto, string>({
      query: (id) => `/users/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
    /** The user's track record as a seller (payments' counters): sales, time to ship, cancellations and refunds. */
    getTrackRecord: build.query<TrackRecordDto, string>({
      query: (id) => `/users/${encodeURIComponent(id)}/track-record`,
    }),
    /**
     * A profile tab: the user's products of one status, newest first, page after page (keyset cursor in
     * `X-Next-Cursor`, the tab's count in `X-Total-Count`).
     */
    getUserProducts: build.infiniteQuery<ProductPageDto, UserProductsArg, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg: { id, status }, pageParam }) =>
        `/users/${encodeURIComponent(id)}/products?${new URLSearchParams({ status, ...(pageParam ? { cursor: pageParam } : {}) }).toString()}`,
      transformResponse: (items: ProductDto[], meta): ProductPageDto => {
        const total = Number(meta?.response?.headers.get('X-Total-Count'));
        return { items, nextCursor: nextCursorOf(meta), totalCount: Number.isFinite(total) ? total : items.length };
      },
      providesTags: (result, _error, { id }) => [{ type: 'UserProducts', id }, ...productTags(result)],
    }),
    updateUser: build.mutation<MeDto, { id: string; changes: ProfileChanges }>({
      query: ({ id, changes }) => ({ url: `/users/${encodeURIComponent(id)}`, method: 'PUT', body: changes }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(authApi.util.upsertQueryData('getMe', undefined, data));
      },
      // The seller card of their products shows the new name too.
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [{ type: 'User', id }, { type: 'UserProducts', id }, PRODUCTS_FOR_SALE],
    }),
  }),
});

export const { useGetUserQuery, useGetTrackRecordQuery, useGetUserProductsInfiniteQuery, useUpdateUserMutation } =
  usersApi;

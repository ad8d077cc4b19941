import type { MeDto, ProductDto, UpdateProfileDto, UserDto } from '@souvenir/contracts';
import { api } from './api';
import { authApi } from './authApi';

type ProfileChanges = Pick<UpdateProfileDto, 'firstName' | 'lastName'> & { location: string | null };

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUser: build.query<UserDto, string>({
      query: (id) => `/users/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
    getUserProducts: build.query<ProductDto[], string>({
      query: (id) => `/users/${encodeURIComponent(id)}/products`,
      providesTags: (_result, _error, id) => [{ type: 'UserProducts', id }],
    }),
    updateUser: build.mutation<MeDto, { id: string; changes: ProfileChanges }>({
      query: ({ id, changes }) => ({ url: `/users/${encodeURIComponent(id)}`, method: 'PUT', body: changes }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(authApi.util.upsertQueryData('getMe', undefined, data));
      },
      // The seller card of their products shows the new name too.
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [{ type: 'User', id }, { type: 'UserProducts', id }, { type: 'Product', id: 'LIST' }],
    }),
  }),
});

export const { useGetUserQuery, useGetUserProductsQuery, useUpdateUserMutation } = usersApi;

import type { SavedAddressDto, SavedAddressInput } from '@souvenir/contracts';
import { api } from '../../api/api';

const LIST = { type: 'Address' as const, id: 'LIST' };

/** The signed-in buyer's address book (`/api/me/addresses`): the account's section and the checkout read it. */
export const addressesApi = api.enhanceEndpoints({ addTagTypes: ['Address'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The last used address first, then the default, then the newest. */
    listAddresses: build.query<SavedAddressDto[], void>({
      query: () => '/me/addresses',
      // A checkout saves addresses and marks the last used on the server: read afresh whenever a page opens it.
      keepUnusedDataFor: 0,
      providesTags: (result) => [LIST, ...(result ?? []).map(({ id }) => ({ type: 'Address' as const, id }))],
    }),
    createAddress: build.mutation<SavedAddressDto, SavedAddressInput>({
      query: (body) => ({ url: '/me/addresses', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    /** The whole address again; moving the default changes another row too, so the list is read again. */
    updateAddress: build.mutation<SavedAddressDto, SavedAddressInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/me/addresses/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: [LIST],
    }),
    deleteAddress: build.mutation<void, string>({
      query: (id) => ({ url: `/me/addresses/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
  }),
});

export const { useListAddressesQuery, useCreateAddressMutation, useUpdateAddressMutation, useDeleteAddressMutation } =
  addressesApi;

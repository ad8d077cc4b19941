import type { SavedSearchDto, SaveSearchDto } from '@souvenir/contracts';
import { api } from '../../api/api';

/** Saved searches (alerts): save Home's search, the list with each one's new matches, delete one. */
export const savedSearchesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSavedSearches: build.query<SavedSearchDto[], void>({
      query: () => '/saved-searches',
      providesTags: (list) => [
        { type: 'SavedSearch' as const, id: 'LIST' },
        ...(list ?? []).map((s) => ({ type: 'SavedSearch' as const, id: s.id })),
      ],
    }),
    saveSearch: build.mutation<SavedSearchDto, SaveSearchDto>({
      query: (body) => ({ url: '/saved-searches', method: 'POST', body }),
      invalidatesTags: [{ type: 'SavedSearch', id: 'LIST' }],
    }),
    deleteSavedSearch: build.mutation<void, string>({
      query: (id) => ({ url: `/saved-searches/${id}`, method: 'DELETE' }),
      // The row leaves the list at once; put back if the server refuses.
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          savedSearchesApi.util.updateQueryData('listSavedSearches', undefined, (list) =>
            list.filter((s) => s.id !== id),
          ),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
  }),
});

export const { useListSavedSearchesQuery, useSaveSearchMutation, useDeleteSavedSearchMutation } = savedSearchesApi;

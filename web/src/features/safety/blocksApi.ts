import type { BlockedUserDto } from '@souvenir/contracts';
import { api } from '../../api/api';

/** Blocking: the Blocked people list, and blocking or unblocking someone (identity keeps it, the services obey it). */
export const blocksApi = api.injectEndpoints({
  endpoints: (build) => ({
    listBlocks: build.query<BlockedUserDto[], void>({
      query: () => '/me/blocks',
      providesTags: (list) => [
        { type: 'Block' as const, id: 'LIST' },
        ...(list ?? []).map((b) => ({ type: 'Block' as const, id: b.user.id })),
      ],
    }),
    blockUser: build.mutation<void, string>({
      query: (userId) => ({ url: `/users/${userId}/block`, method: 'POST' }),
      invalidatesTags: (_r, _e, userId) => [
        { type: 'Block', id: 'LIST' },
        { type: 'Block', id: userId },
      ],
    }),
    unblockUser: build.mutation<void, string>({
      query: (userId) => ({ url: `/users/${userId}/block`, method: 'DELETE' }),
      // The row leaves the list at once; put back if the server refuses.
      async onQueryStarted(userId, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          blocksApi.util.updateQueryData('listBlocks', undefined, (list) => list.filter((b) => b.user.id !== userId)),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: (_r, _e, userId) => [
        { type: 'Block', id: 'LIST' },
        { type: 'Block', id: userId },
      ],
    }),
  }),
});

export const { useListBlocksQuery, useBlockUserMutation, useUnblockUserMutation } = blocksApi;

import type { MeDto } from '@souvenir/contracts';
import { api } from '../../api/api';
import { authApi } from '../../api/authApi';

/**
 * The signed-in person's profile photo (`PUT`/`DELETE /api/me/avatar`, answering Me). The header and their profile
 * show it at once; seller cards and conversations follow within moments (read models fed by identity's event).
 */
export const avatarApi = api.injectEndpoints({
  endpoints: (build) => ({
    setAvatar: build.mutation<MeDto, { avatar: string | null }>({
      query: ({ avatar }) =>
        avatar === null
          ? { url: '/me/avatar', method: 'DELETE' }
          : { url: '/me/avatar', method: 'PUT', body: { avatar } },
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(authApi.util.upsertQueryData('getMe', undefined, data));
      },
      invalidatesTags: (result, error) =>
        error || !result
          ? []
          : [
              { type: 'User', id: result.id },
              { type: 'UserProducts', id: result.id },
            ],
    }),
  }),
});

export const { useSetAvatarMutation } = avatarApi;

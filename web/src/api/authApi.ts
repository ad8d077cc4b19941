import type { LoginDto, MeDto, RegisterDto } from '@souvenir/contracts';
import { api, type ApiError } from './api';
import { forgetSignedInHint, hasSignedInHint } from './signedInHint';

type Credentials = Pick<LoginDto, 'username' | 'password' | 'code'>;
type Registration = Pick<RegisterDto, 'email' | 'password' | 'username' | 'firstName' | 'lastName'> & {
  location?: string | null;
};

// Every product answer carries the caller's isFavorited, so lists and details alike are refetched (any sign-in).
export const signedInTags = ['Me', 'Product', 'UserProducts', 'Favorite', 'Conversation', 'Message', 'Order'] as const;

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The signed-in user, or null when signed out (401). A browser without the gateway's signed-in hint has no
     * session to ask about: not asking keeps a guest's console free of the contract's 401.
     */
    getMe: build.query<MeDto | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        if (!hasSignedInHint()) return { data: null };
        const result = await baseQuery('/auth/me');
        if (result.error) {
          const error = result.error as ApiError;
          if (error.status === 401) forgetSignedInHint();
          return error.status === 401 ? { data: null } : { error };
        }
        return { data: result.data as MeDto };
      },
      providesTags: ['Me'],
    }),
    login: build.mutation<MeDto, Credentials>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(authApi.util.upsertQueryData('getMe', undefined, data));
      },
      invalidatesTags: (_result, error) => (error ? [] : [...signedInTags]),
    }),
    register: build.mutation<MeDto, Registration>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(authApi.util.upsertQueryData('getMe', undefined, data));
      },
      invalidatesTags: (_result, error) => (error ? [] : [...signedInTags]),
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
  }),
});

export const { useGetMeQuery, useLoginMutation, useRegisterMutation, useLogoutMutation } = authApi;

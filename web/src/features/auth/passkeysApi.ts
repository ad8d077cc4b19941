import type { MeDto, PasskeyDto, PasskeyOptionsDto } from '@souvenir/contracts';
import { api } from '../../api/api';
import { authApi, signedInTags } from '../../api/authApi';

/** Passkeys (docs/architecture.md "Passkeys"): added and removed on the account page, used in the Sign In dialog. */
export const passkeysApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPasskeys: build.query<PasskeyDto[], void>({
      query: () => '/auth/passkeys',
      keepUnusedDataFor: 0,
    }),
    passkeyRegistrationOptions: build.mutation<PasskeyOptionsDto, void>({
      query: () => ({ url: '/auth/passkeys/registration-options', method: 'POST', body: {} }),
    }),
    addPasskey: build.mutation<PasskeyDto, { name?: string; response: unknown }>({
      query: (body) => ({ url: '/auth/passkeys', method: 'POST', body }),
    }),
    removePasskey: build.mutation<void, { id: string; password: string }>({
      query: ({ id, password }) => ({ url: `/auth/passkeys/${id}`, method: 'DELETE', body: { password } }),
    }),
    passkeyLoginOptions: build.mutation<PasskeyOptionsDto, void>({
      query: () => ({ url: '/auth/passkeys/login-options', method: 'POST', body: {} }),
    }),
    passkeyLogin: build.mutation<MeDto, { response: unknown }>({
      query: (body) => ({ url: '/auth/passkeys/login', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(authApi.util.upsertQueryData('getMe', undefined, data));
      },
      invalidatesTags: (_result, error) => (error ? [] : [...signedInTags]),
    }),
  }),
});

export const {
  useListPasskeysQuery,
  usePasskeyRegistrationOptionsMutation,
  useAddPasskeyMutation,
  useRemovePasskeyMutation,
  usePasskeyLoginOptionsMutation,
  usePasskeyLoginMutation,
} = passkeysApi;

/** The person closed the browser's passkey prompt or let it time out: nothing to report as a fault. */
export function isPasskeyPromptDismissed(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'NotAllowedError' || name === 'AbortError';
}

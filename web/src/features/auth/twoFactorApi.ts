import type { RecoveryCodesDto, TwoFactorSetupDto, TwoFactorStatusDto } from '@souvenir/contracts';
import { api } from '../../api/api';

/** Two-step sign-in (API.md "Turn 3"): set-up, turning it on and off, recovery codes. */
export const twoFactorApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTwoFactorStatus: build.query<TwoFactorStatusDto, void>({
      query: () => '/auth/2fa',
      keepUnusedDataFor: 0,
    }),
    setUpTwoFactor: build.mutation<TwoFactorSetupDto, void>({
      query: () => ({ url: '/auth/2fa/setup', method: 'POST', body: {} }),
    }),
    enableTwoFactor: build.mutation<void, { code: string }>({
      query: (body) => ({ url: '/auth/2fa/enable', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Me']),
    }),
    disableTwoFactor: build.mutation<void, { password: string; code: string }>({
      query: (body) => ({ url: '/auth/2fa/disable', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Me']),
    }),
    regenerateRecoveryCodes: build.mutation<RecoveryCodesDto, { code: string }>({
      query: (body) => ({ url: '/auth/2fa/recovery-codes', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetTwoFactorStatusQuery,
  useSetUpTwoFactorMutation,
  useEnableTwoFactorMutation,
  useDisableTwoFactorMutation,
  useRegenerateRecoveryCodesMutation,
} = twoFactorApi;

/** The login answered 401 `{ twoFactorRequired: true }`: the password was right, a code is wanted. */
export function isTwoFactorRequired(error: unknown): boolean {
  const data = (error as { data?: unknown } | null)?.data;
  return !!data && typeof data === 'object' && (data as { twoFactorRequired?: unknown }).twoFactorRequired === true;
}

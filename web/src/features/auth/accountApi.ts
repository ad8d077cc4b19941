import type { SessionDto } from '@souvenir/contracts';
import { api } from '../../api/api';

/** Password reset, address verification and change, change of password, sessions (API.md "Turn 3"). */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestPasswordReset: build.mutation<void, { email: string }>({
      query: (body) => ({ url: '/auth/password-reset', method: 'POST', body }),
    }),
    confirmPasswordReset: build.mutation<void, { token: string; password: string }>({
      query: (body) => ({ url: '/auth/password-reset/confirm', method: 'POST', body }),
      // Every session of the account ended, this browser's too if it was signed in to it.
      invalidatesTags: (_result, error) => (error ? [] : ['Me']),
    }),
    verifyEmail: build.mutation<void, { token: string }>({
      query: (body) => ({ url: '/auth/verify-email', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Me']),
    }),
    resendVerification: build.mutation<void, void>({
      query: () => ({ url: '/auth/verify-email/resend', method: 'POST' }),
    }),
    changePassword: build.mutation<void, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: '/auth/password', method: 'PUT', body }),
    }),
    changeEmail: build.mutation<void, { password: string; email: string }>({
      query: (body) => ({ url: '/auth/email', method: 'PUT', body }),
    }),
    confirmEmail: build.mutation<void, { token: string }>({
      query: (body) => ({ url: '/auth/email/confirm', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Me']),
    }),
    undoEmailChange: build.mutation<void, { token: string }>({
      query: (body) => ({ url: '/auth/email/undo', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Me']),
    }),
    listSessions: build.query<SessionDto[], void>({
      query: () => '/auth/sessions',
      keepUnusedDataFor: 0,
    }),
    revokeSession: build.mutation<void, string>({
      query: (id) => ({ url: `/auth/sessions/${encodeURIComponent(id)}`, method: 'DELETE' }),
    }),
    revokeOtherSessions: build.mutation<void, void>({
      query: () => ({ url: '/auth/sessions/revoke-others', method: 'POST' }),
    }),
    /** The caller's own account; the server ends every session, this one included (the caller resets the cache). */
    deleteAccount: build.mutation<void, { userId: string; password: string; code?: string }>({
      query: ({ userId, ...body }) => ({ url: `/users/${encodeURIComponent(userId)}`, method: 'DELETE', body }),
    }),
  }),
});

export const {
  useRequestPasswordResetMutation,
  useConfirmPasswordResetMutation,
  useVerifyEmailMutation,
  useResendVerificationMutation,
  useChangePasswordMutation,
  useChangeEmailMutation,
  useConfirmEmailMutation,
  useUndoEmailChangeMutation,
  useListSessionsQuery,
  useRevokeSessionMutation,
  useRevokeOtherSessionsMutation,
  useDeleteAccountMutation,
} = accountApi;

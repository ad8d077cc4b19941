import type {
  LedgerPageDto,
  PayoutAccountDto,
  PayoutOnboardingDto,
  PayoutsPageDto,
  TestOnboardingDetailsDto,
  TestOnboardingDoneDto,
  TestOnboardingDto,
} from '@souvenir/contracts';
import { api } from './api';

const PAGE_SIZE = 20;
const ACCOUNT = { type: 'Payout' as const, id: 'ACCOUNT' };
const LIST = { type: 'Payout' as const, id: 'LIST' };
const LEDGER = { type: 'Payout' as const, id: 'LEDGER' };

/** The ledger's CSV download: a plain link, so the browser saves it with the session cookie. */
export const LEDGER_CSV_URL = '/api/payouts/ledger.csv';

export const payoutsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The caller's payout account: not set up, pending, active or restricted, and what the provider still needs. */
    getPayoutAccount: build.query<PayoutAccountDto, void>({
      query: () => '/payouts/account',
      providesTags: [ACCOUNT],
    }),
    /** Creates the account if needed and answers a fresh onboarding link (single-use): the page then goes there. */
    startPayoutOnboarding: build.mutation<PayoutOnboardingDto, { code?: string } | void>({
      // With two-step sign-in on, a fresh code from the authenticator app (403 with a sentence without one).
      query: (body) => ({ url: '/payouts/account', method: 'POST', body: body ?? {} }),
      invalidatesTags: (_result, error) => (error ? [] : [ACCOUNT]),
    }),
    /** The balance (with every page: the first page's is shown) and the payouts, newest first, page after page. */
    getPayouts: build.infiniteQuery<PayoutsPageDto, void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ pageParam }) =>
        `/payouts?${new URLSearchParams({ limit: String(PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) }).toString()}`,
      providesTags: [LIST],
    }),
    /** The seller's ledger: every money line with the balances after it, newest first, page after page. */
    getLedger: build.infiniteQuery<LedgerPageDto, void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ pageParam }) =>
        `/payouts/ledger?${new URLSearchParams({ limit: String(PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) }).toString()}`,
      providesTags: [LEDGER],
    }),
    /** The test-mode provider's onboarding page: no session, the link's token is the capability. */
    getTestOnboarding: build.query<TestOnboardingDto, string>({
      query: (token) => `/payouts/test-onboarding/${encodeURIComponent(token)}`,
    }),
    completeTestOnboarding: build.mutation<TestOnboardingDoneDto, { token: string; body: TestOnboardingDetailsDto }>({
      query: ({ token, body }) => ({
        url: `/payouts/test-onboarding/${encodeURIComponent(token)}`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, error) => (error ? [] : [ACCOUNT, LIST, LEDGER]),
    }),
  }),
});

export const {
  useGetPayoutAccountQuery,
  useStartPayoutOnboardingMutation,
  useGetPayoutsInfiniteQuery,
  useGetLedgerInfiniteQuery,
  useGetTestOnboardingQuery,
  useCompleteTestOnboardingMutation,
} = payoutsApi;

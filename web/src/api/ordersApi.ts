import type {
  CancelOrderDto,
  DecideClaimDto,
  OpenClaimDto,
  OrderDetailDto,
  OrderSummaryDto,
  OrdersPageDto,
  RespondToClaimDto,
  ShipOrderDto,
  SupportCardDisputesPageDto,
  SupportClaimsPageDto,
} from '@souvenir/contracts';
import { api, nextCursorOf } from './api';

/** Which side of the caller's orders a list shows. */
export type OrdersRole = 'purchases' | 'sales';

const PAGE_SIZE = 20;
const ordersList = (role: OrdersRole) => ({ type: 'Order' as const, id: `LIST:${role}` });
const ORDER_LISTS = [ordersList('purchases'), ordersList('sales'), { type: 'Order' as const, id: 'SUPPORT' }];

/** `ref` is the order id (a member) or a guest's private order token: the server accepts either in the path. */
const orderUrl = (ref: string, action?: string) => `/orders/${encodeURIComponent(ref)}${action ? `/${action}` : ''}`;

function pagedQuery(path: string, params: Record<string, string | null>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  return `${path}?${search.toString()}`;
}

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The caller's purchases or sales, newest first, page after page (keyset cursor). */
    getOrdersPage: build.infiniteQuery<OrdersPageDto, OrdersRole, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) =>
        pagedQuery('/orders', { role: queryArg, cursor: pageParam, limit: String(PAGE_SIZE) }),
      // The cursor is in the body; the header form of the other lists is accepted too.
      transformResponse: (page: OrdersPageDto, meta): OrdersPageDto => ({
        items: page.items,
        nextCursor: page.nextCursor ?? nextCursorOf(meta),
      }),
      providesTags: (_result, _error, role) => [ordersList(role)],
    }),
    /** The caller's latest sale or purchase of one product (a sold item's page links to it), or null. */
    getProductOrder: build.query<OrderSummaryDto | null, { productId: string; role: OrdersRole }>({
      query: ({ productId, role }) => pagedQuery('/orders', { role, productId, limit: '1' }),
      transformResponse: (page: OrdersPageDto) => page.items[0] ?? null,
      providesTags: (_result, _error, { role }) => [ordersList(role)],
    }),
    /** One order as the caller sees it, with the actions they may take now. */
    getOrder: build.query<OrderDetailDto, string>({
      query: (ref) => orderUrl(ref),
      providesTags: (_result, _error, ref) => [{ type: 'Order', id: ref }],
    }),
    /** "Find my order": 202 and the same sentence whatever the address; the links go to the address by e-mail. */
    findMyOrder: build.mutation<{ message: string }, { email: string }>({
      query: (body) => ({ url: '/orders/find', method: 'POST', body }),
    }),
    ship: build.mutation<OrderDetailDto, { ref: string; body: ShipOrderDto }>({
      query: ({ ref, body }) => ({ url: orderUrl(ref, 'ship'), method: 'POST', body }),
      ...afterAction(),
    }),
    markDelivered: build.mutation<OrderDetailDto, { ref: string }>({
      query: ({ ref }) => ({ url: orderUrl(ref, 'delivered'), method: 'POST' }),
      ...afterAction(),
    }),
    confirm: build.mutation<OrderDetailDto, { ref: string }>({
      query: ({ ref }) => ({ url: orderUrl(ref, 'confirm'), method: 'POST' }),
      ...afterAction(),
    }),
    /** The seller cancels; the buyer asks the seller to cancel (the same route: the server knows who asks). */
    cancel: build.mutation<OrderDetailDto, { ref: string; body: CancelOrderDto }>({
      query: ({ ref, body }) => ({ url: orderUrl(ref, 'cancel'), method: 'POST', body }),
      ...afterAction(),
    }),
    openClaim: build.mutation<OrderDetailDto, { ref: string; body: OpenClaimDto }>({
      query: ({ ref, body }) => ({ url: orderUrl(ref, 'claims'), method: 'POST', body }),
      ...afterAction(),
    }),
    respondToClaim: build.mutation<OrderDetailDto, { ref: string; body: RespondToClaimDto }>({
      query: ({ ref, body }) => ({ url: orderUrl(ref, 'claim/response'), method: 'POST', body }),
      ...afterAction(),
    }),
    /** Support's queue: claims waiting for a decision, oldest first. */
    getOpenClaims: build.query<SupportClaimsPageDto, void>({
      query: () => '/support/claims',
      providesTags: [{ type: 'Order', id: 'SUPPORT' }],
    }),
    /** Support's list of orders whose card payment is disputed at the buyer's bank. */
    getCardDisputes: build.query<SupportCardDisputesPageDto, void>({
      query: () => '/support/disputes',
      providesTags: [{ type: 'Order', id: 'SUPPORT' }],
    }),
    decideClaim: build.mutation<OrderDetailDto, { claimId: string; orderRef: string; body: DecideClaimDto }>({
      query: ({ claimId, body }) => ({
        url: `/support/claims/${encodeURIComponent(claimId)}/decision`,
        method: 'POST',
        body,
      }),
      ...afterAction(),
    }),
  }),
});

/**
 * Every action answers the order as it is now: the open order page shows it at once (under the ref it was opened
 * with), and the lists and the support queue load again (a status, a deadline or "needs action" changed).
 */
function afterAction<Arg extends { ref?: string; orderRef?: string }>() {
  return {
    async onQueryStarted(
      arg: Arg,
      {
        dispatch,
        queryFulfilled,
      }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: OrderDetailDto }> },
    ) {
      const { data } = await queryFulfilled.catch(() => ({ data: null }));
      const ref = arg.ref ?? arg.orderRef;
      if (data && ref) dispatch(ordersApi.util.upsertQueryData('getOrder', ref, data));
    },
    invalidatesTags: (_result: OrderDetailDto | undefined, error: unknown) => (error ? [] : ORDER_LISTS),
  };
}

export const {
  useGetOrdersPageInfiniteQuery,
  useGetOrderQuery,
  useGetCardDisputesQuery,
  useGetProductOrderQuery,
  useFindMyOrderMutation,
  useShipMutation,
  useMarkDeliveredMutation,
  useConfirmMutation,
  useCancelMutation,
  useOpenClaimMutation,
  useRespondToClaimMutation,
  useGetOpenClaimsQuery,
  useDecideClaimMutation,
} = ordersApi;

import type { OrderMessagesDto } from '@souvenir/contracts';
import { api } from './api';

/**
 * The messages kept on an order (its buyer, a guest by their private link, and its seller). Tagged under `Order`, so
 * a member's live `order.message` event and a reconnect's reload reach it; `ref` is the id or the guest's token.
 */
export const orderMessagesTag = (ref: string) => ({ type: 'Order' as const, id: `MESSAGES:${ref}` });

const messagesUrl = (ref: string) => `/orders/${encodeURIComponent(ref)}/messages`;

export const orderMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Newest page first; each next page is older (`before`). Pages are shown oldest first. */
    getOrderMessages: build.infiniteQuery<OrderMessagesDto, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.olderCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) =>
        pageParam ? `${messagesUrl(queryArg)}?before=${encodeURIComponent(pageParam)}` : messagesUrl(queryArg),
      providesTags: (_result, _error, ref) => [orderMessagesTag(ref)],
    }),
    sendOrderMessage: build.mutation<OrderMessagesDto, { ref: string; content: string }>({
      query: ({ ref, content }) => ({ url: messagesUrl(ref), method: 'POST', body: { content } }),
      invalidatesTags: (_result, error, { ref }) => (error ? [] : [orderMessagesTag(ref)]),
    }),
  }),
});

export const { useGetOrderMessagesInfiniteQuery, useSendOrderMessageMutation } = orderMessagesApi;

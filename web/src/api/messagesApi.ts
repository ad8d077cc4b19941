import type { ConversationDto, MessageDto, SendMessageDto, UnreadCountDto } from '@souvenir/contracts';
import { api, nextCursorOf } from './api';

/** One page of the caller's conversations: `nextCursor` comes from the `X-Next-Cursor` header (null on the last page). */
export interface ConversationsPage {
  items: ConversationDto[];
  nextCursor: string | null;
}

/** The conversation list's argument: the search text ('' for all conversations). */
export interface ConversationsArgs {
  search: string;
}

/** A page of the server's default size, after `cursor` when given, searched when `search` is not empty. */
function conversationsQuery({ search }: ConversationsArgs, cursor: string | null): string {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `/messages/conversations?${query}` : '/messages/conversations';
}

/** One thread: the messages between the caller and another user, about one product. */
export interface ThreadArgs {
  otherUserId: string;
  productId: string;
}

export const threadTag = ({ otherUserId, productId }: ThreadArgs) => ({
  type: 'Message' as const,
  id: `${otherUserId}:${productId}`,
});
export const conversationTags = [
  { type: 'Conversation' as const, id: 'LIST' },
  { type: 'Conversation' as const, id: 'UNREAD' },
];

export const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The latest message of each (other user, product) pair, newest first, with the caller's unread count, page
     * after page (keyset cursor in `X-Next-Cursor`); searched on the server (name, product title, message).
     */
    getConversations: build.infiniteQuery<ConversationsPage, ConversationsArgs, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) => conversationsQuery(queryArg, pageParam),
      transformResponse: (items: ConversationDto[], meta): ConversationsPage => ({
        items,
        nextCursor: nextCursorOf(meta),
      }),
      providesTags: [{ type: 'Conversation', id: 'LIST' }],
    }),
    getUnreadCount: build.query<UnreadCountDto, void>({
      query: () => '/messages/unread-count',
      providesTags: [{ type: 'Conversation', id: 'UNREAD' }],
    }),
    /** The thread, oldest first. Reading it marks the caller's incoming messages read on the server. */
    getThread: build.query<MessageDto[], ThreadArgs>({
      query: ({ otherUserId, productId }) =>
        `/messages/${encodeURIComponent(otherUserId)}?productId=${encodeURIComponent(productId)}`,
      providesTags: (_result, _error, args) => [threadTag(args)],
      async onQueryStarted(args, { dispatch, queryFulfilled, getState }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        // Only when this read changed something: the thread had unread messages according to a loaded list.
        const state = getState();
        const conversations = messagesApi.util.selectCachedArgsForQuery(state, 'getConversations').flatMap(
          (arg) =>
            messagesApi.endpoints.getConversations
              .select(arg)(state)
              .data?.pages.flatMap((page) => page.items) ?? [],
        );
        const hadUnread = conversations.some(
          (c) =>
            c.productId === args.productId &&
            (c.fromUserId === args.otherUserId || c.toUserId === args.otherUserId) &&
            c.unreadCount > 0,
        );
        const stillUnread = data.some((message) => message.fromUserId === args.otherUserId && !message.isRead);
        if (hadUnread || stillUnread) dispatch(messagesApi.util.invalidateTags(conversationTags));
      },
    }),
    sendMessage: build.mutation<MessageDto, SendMessageDto>({
      query: (body) => ({ url: '/messages', method: 'POST', body }),
      async onQueryStarted({ toUserId, productId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        // The open thread shows the new message at once, without waiting for its next poll.
        dispatch(
          messagesApi.util.updateQueryData('getThread', { otherUserId: toUserId, productId }, (draft) => {
            if (!draft.some((message) => message.id === data.id)) draft.push(data);
          }),
        );
      },
      invalidatesTags: (_result, error) => (error ? [] : conversationTags),
    }),
  }),
});

export const { useGetConversationsInfiniteQuery, useGetUnreadCountQuery, useGetThreadQuery, useSendMessageMutation } =
  messagesApi;

import type { NotificationsPageDto, NotificationsUnreadDto } from '@souvenir/contracts';
import { api } from './api';

const PAGE_SIZE = 10;
const LIST = { type: 'Notification' as const, id: 'LIST' };
const UNREAD = { type: 'Notification' as const, id: 'UNREAD' };
/** The bell's list and count: what a new notification makes stale. */
export const NOTIFICATION_TAGS = [LIST, UNREAD];

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The caller's notifications, newest first, page after page (keyset cursor in the body). */
    getNotifications: build.infiniteQuery<NotificationsPageDto, void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ pageParam }) =>
        `/notifications?limit=${PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      providesTags: [LIST],
    }),
    getNotificationsUnread: build.query<NotificationsUnreadDto, void>({
      query: () => '/notifications/unread-count',
      providesTags: [UNREAD],
    }),
    markNotificationRead: build.mutation<void, string>({
      query: (id) => ({ url: `/notifications/${encodeURIComponent(id)}/read`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : NOTIFICATION_TAGS),
    }),
    markAllNotificationsRead: build.mutation<void, void>({
      query: () => ({ url: '/notifications/read-all', method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : NOTIFICATION_TAGS),
    }),
  }),
});

export const {
  useGetNotificationsInfiniteQuery,
  useGetNotificationsUnreadQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
} = notificationsApi;

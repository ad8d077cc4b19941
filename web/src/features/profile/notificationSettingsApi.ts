import type { NotificationSettingsDto, NotificationSettingsInput, UnsubscribedDto } from '@souvenir/contracts';
import { api } from '../../api/api';

/** The signed-in person's notification settings, and a mail's one-click unsubscribe (no sign-in needed). */
export const notificationSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotificationSettings: build.query<NotificationSettingsDto, void>({
      query: () => '/me/notification-settings',
      providesTags: ['NotificationSettings'],
    }),
    saveNotificationSettings: build.mutation<NotificationSettingsDto, NotificationSettingsInput>({
      query: (body) => ({ url: '/me/notification-settings', method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(notificationSettingsApi.util.upsertQueryData('getNotificationSettings', undefined, data));
      },
    }),
    unsubscribe: build.mutation<UnsubscribedDto, { token: string }>({
      query: ({ token }) => ({ url: `/unsubscribe/${encodeURIComponent(token)}`, method: 'POST' }),
      invalidatesTags: ['NotificationSettings'],
    }),
  }),
});

export const { useGetNotificationSettingsQuery, useSaveNotificationSettingsMutation, useUnsubscribeMutation } =
  notificationSettingsApi;

import { UserExportRequest, type UserExportPage } from '../export/user-export';
import { defineRpc, rpc, type Done } from '../rpc/contract';
import type { LiveEventsDto, NotificationsPageDto, NotificationsUnreadDto } from './notification.dto';
import {
  CountUnreadNotificationsRequest,
  ListEventsAfterRequest,
  ListNotificationsRequest,
  MarkAllNotificationsReadRequest,
  MarkNotificationReadRequest,
  RequestGuestOrderLinksRequest,
} from './notifications.rpc';
import {
  GetNotificationSettingsRequest,
  UnsubscribeRequest,
  UpdateNotificationSettingsRequest,
  type NotificationSettingsDto,
  type UnsubscribedDto,
} from './notification-settings.dto';

/** notifications' request/reply subjects, each with its request class and reply type. */
export const NOTIFICATIONS_RPC = defineRpc('notifications', {
  /** Replays a stream's missed events on reconnect (Last-Event-ID), or says to refetch. */
  listEventsAfter: rpc('notifications.event.list-after', ListEventsAfterRequest).returns<LiveEventsDto>(),
  listNotifications: rpc('notifications.notification.list', ListNotificationsRequest).returns<NotificationsPageDto>(),
  countUnread: rpc(
    'notifications.notification.count-unread',
    CountUnreadNotificationsRequest,
  ).returns<NotificationsUnreadDto>(),
  /** 404 for a notification that is not the caller's. */
  markRead: rpc('notifications.notification.mark-read', MarkNotificationReadRequest).returns<Done>(),
  markAllRead: rpc('notifications.notification.mark-all-read', MarkAllNotificationsReadRequest).returns<Done>(),
  /** "Find my order": the guest orders of an address are mailed to it (nothing is said about whether there are any). */
  requestGuestOrderLinks: rpc('notifications.mail.guest-order-links', RequestGuestOrderLinksRequest).returns<Done>(),
  getSettings: rpc('notifications.settings.get', GetNotificationSettingsRequest).returns<NotificationSettingsDto>(),
  /** VALIDATION_FAILED with a sentence when a locked channel (security, order mail) is turned off. */
  updateSettings: rpc(
    'notifications.settings.update',
    UpdateNotificationSettingsRequest,
  ).returns<NotificationSettingsDto>(),
  /** A mail's one-click unsubscribe: turns off that kind's e-mail; a forged or altered token is VALIDATION_FAILED. */
  unsubscribe: rpc('notifications.settings.unsubscribe', UnsubscribeRequest).returns<UnsubscribedDto>(),
  /** One page of one section of a person's data, for their data export (identity's job asks). */
  exportUserData: rpc('notifications.user.export', UserExportRequest).returns<UserExportPage>(),
});

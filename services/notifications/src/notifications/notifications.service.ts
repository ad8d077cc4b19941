import { Injectable } from '@nestjs/common';
import type {
  CountUnreadNotificationsRequest,
  Done,
  ListNotificationsRequest,
  MarkAllNotificationsReadRequest,
  MarkNotificationReadRequest,
  NotificationsPageDto,
  NotificationsUnreadDto,
} from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import { decodeNotificationCursor, encodeNotificationCursor } from './notification-cursor';
import { NotificationsRepository } from './notifications.repository';

/** The bell: each person sees and marks only their own notifications. */
@Injectable()
export class NotificationsService {
  constructor(private readonly notifications: NotificationsRepository) {}

  async list(request: ListNotificationsRequest): Promise<NotificationsPageDto> {
    const after = request.cursor ? decodeNotificationCursor(request.cursor) : undefined;
    const rows = await this.notifications.page(request.actorId, request.limit + 1, after);
    const page = rows.slice(0, request.limit);
    const items = page.map(({ key: _key, ...dto }) => dto);
    const last = page.at(-1);
    return rows.length > request.limit && last ? { items, nextCursor: encodeNotificationCursor(last.key) } : { items };
  }

  async countUnread(request: CountUnreadNotificationsRequest): Promise<NotificationsUnreadDto> {
    return { count: await this.notifications.countUnread(request.actorId) };
  }

  async markRead(request: MarkNotificationReadRequest): Promise<Done> {
    if (!(await this.notifications.markRead(request.actorId, request.notificationId)))
      throw DomainError.notFound('Notification');
    return { ok: true };
  }

  async markAllRead(request: MarkAllNotificationsReadRequest): Promise<Done> {
    await this.notifications.markAllRead(request.actorId);
    return { ok: true };
  }
}

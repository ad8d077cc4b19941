import { Injectable } from '@nestjs/common';
import type { ListEventsAfterRequest, LiveEventsDto } from '@souvenir/contracts';
import type { EntityManager } from 'typeorm';
import { NotificationsConfig } from '../config/notifications.config';
import { NotificationsRepository } from '../notifications/notifications.repository';
import { BELL_SETTING } from '../settings/kinds';
import { NotificationSettingsRepository } from '../settings/notification-settings.repository';
import type { Delivery, NotificationDraft } from './deliveries';
import { EventLogRepository, type LiveEventAppend } from './event-log.repository';
import { PushAfterCommit } from './push-after-commit';

/** Writes each recipient's copy of a domain event (log row, bell notification) and pushes it once committed. */
@Injectable()
export class LiveEventsService {
  constructor(
    private readonly config: NotificationsConfig,
    private readonly log: EventLogRepository,
    private readonly notifications: NotificationsRepository,
    private readonly push: PushAfterCommit,
    private readonly settings: NotificationSettingsRepository,
  ) {}

  /** Inside the consumer's transaction, which also records the event as processed (so this runs once per event). */
  async record(manager: EntityManager, deliveries: Delivery[], occurredAt: string): Promise<void> {
    // Old events (a first deployment reads the stream from its beginning; a long outage) are not pushed: no stream
    // can be waiting for them. Past NOTIFICATIONS_MAX_AGE_DAYS they are not news for the bell either.
    const ageHours = (Date.now() - Date.parse(occurredAt)) / 3_600_000;
    if (ageHours > this.config.LIVE_EVENTS_KEEP_HOURS) {
      if (ageHours > this.config.NOTIFICATIONS_MAX_AGE_DAYS * 24) return;
      for (const { userId, notification } of deliveries)
        if (notification) await this.notify(manager, userId, notification, occurredAt);
      return;
    }
    // Per-user locks are always taken in the same order, so two events for the same two people never deadlock.
    const sorted = [...deliveries].sort((a, b) => a.userId.localeCompare(b.userId));
    const rows: LiveEventAppend[] = [];
    for (const delivery of sorted) {
      const notificationId = delivery.notification
        ? await this.notify(manager, delivery.userId, delivery.notification, occurredAt)
        : null;
      rows.push({ userId: delivery.userId, data: delivery.data, notificationId, occurredAt });
    }
    if (!rows.length) return;
    const events = await this.log.appendAll(manager, rows, this.config.LIVE_EVENTS_KEEP_HOURS);
    rows.forEach((row, i) => this.push.add(manager, row.userId, events[i]!));
  }

  /**
   * The bell's row, unless its recipient turned that kind off in the app (the live event still updates their open
   * pages). The event's mails are queued beside it by the consumer: mail/mails.ts.
   */
  private async notify(
    manager: EntityManager,
    userId: string,
    draft: NotificationDraft,
    occurredAt: string,
  ): Promise<string | null> {
    const settings = await this.settings.get(userId, manager);
    if (!settings.kinds[BELL_SETTING[draft.kind]].inApp) return null;
    return this.notifications.insert(manager, userId, draft, occurredAt);
  }

  /**
   * The events a reconnecting stream missed. Refetch when the id is not one of the caller's kept events (pruned,
   * another person's, made up) or the gap is longer than LIVE_EVENTS_REPLAY_MAX: the client reloads instead.
   */
  async after(request: ListEventsAfterRequest): Promise<LiveEventsDto> {
    const { actorId, afterId } = request;
    const lastId = await this.log.lastId(actorId);
    if (afterId === undefined) return { events: [], lastId, refetch: false };
    const refetch = { events: [], lastId, refetch: true };
    if (BigInt(afterId) > BigInt(lastId)) return refetch;
    if (afterId !== '0' && !(await this.log.has(actorId, afterId))) return refetch;
    const max = this.config.LIVE_EVENTS_REPLAY_MAX;
    const events = await this.log.after(actorId, afterId, max + 1);
    if (events.length > max) return refetch;
    return { events, lastId: events.at(-1)?.id ?? afterId, refetch: false };
  }
}

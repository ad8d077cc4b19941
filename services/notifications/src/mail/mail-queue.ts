import { Injectable } from '@nestjs/common';
import { LOCKED_CHANNELS } from '@souvenir/contracts';
import type { EntityManager } from 'typeorm';
import { NotificationsConfig } from '../config/notifications.config';
import { HeldMail } from '../settings/held-mail';
import { MAIL_SETTING, URGENT_SETTINGS } from '../settings/kinds';
import { NotificationSettingsRepository } from '../settings/notification-settings.repository';
import { quietHoursEnd } from '../settings/quiet-hours';
import type { MailDraft } from './mail-draft';
import { MailOutboxRepository, type QueuedDraft } from './mail-outbox.repository';

/**
 * Where every mail is queued: by the event consumers, in the transaction that records their event (so a mail exists
 * if and only if its event was applied), and by requests such as "Find my order". Nothing is queued without SMTP_URL
 * (npm start and the tests run MailDev, so it is set there), nor for events older than NOTIFICATIONS_MAX_AGE_DAYS (a
 * first deployment reads the event stream from its beginning: years of receipts are not news).
 *
 * A member's mail follows their settings here: a kind whose e-mail they turned off is not queued, and non-urgent
 * mail written during their quiet hours is held until those end (settings/held-mail.ts).
 */
@Injectable()
export class MailQueue {
  constructor(
    private readonly config: NotificationsConfig,
    private readonly outbox: MailOutboxRepository,
    private readonly settings: NotificationSettingsRepository,
    private readonly held: HeldMail,
  ) {}

  async add(manager: EntityManager, drafts: MailDraft[], occurredAt?: string): Promise<void> {
    if (!this.config.SMTP_URL || !drafts.length) return;
    if (occurredAt && Date.now() - Date.parse(occurredAt) > this.config.NOTIFICATIONS_MAX_AGE_DAYS * 86_400_000) return;
    const queued: QueuedDraft[] = [];
    for (const draft of drafts) {
      const setting = MAIL_SETTING[draft.kind];
      if (!('userId' in draft.to) || setting === null) {
        queued.push(draft);
        continue;
      }
      const userId = draft.to.userId;
      const settings = await this.settings.get(userId, manager);
      if (!settings.kinds[setting].email && !LOCKED_CHANNELS[setting]?.includes('email')) continue;
      const heldUntil = URGENT_SETTINGS.has(setting) ? null : quietHoursEnd(settings.quietHours, new Date());
      if (heldUntil) await this.held.scheduleRelease(manager, userId, heldUntil);
      queued.push(heldUntil ? { ...draft, heldUntil } : draft);
    }
    await this.outbox.add(manager, queued);
  }
}

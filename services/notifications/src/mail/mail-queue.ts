import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { NotificationsConfig } from '../config/notifications.config';
import type { MailDraft } from './mail-draft';
import { MailOutboxRepository } from './mail-outbox.repository';

/**
 * Where every mail is queued: by the event consumers, in the transaction that records their event (so a mail exists
 * if and only if its event was applied), and by requests such as "Find my order". Nothing is queued without SMTP_URL
 * (npm start and the tests run MailDev, so it is set there), nor for events older than NOTIFICATIONS_MAX_AGE_DAYS (a
 * first deployment reads the event stream from its beginning: years of receipts are not news).
 */
@Injectable()
export class MailQueue {
  constructor(
    private readonly config: NotificationsConfig,
    private readonly outbox: MailOutboxRepository,
  ) {}

  async add(manager: EntityManager, drafts: MailDraft[], occurredAt?: string): Promise<void> {
    if (!this.config.SMTP_URL || !drafts.length) return;
    if (occurredAt && Date.now() - Date.parse(occurredAt) > this.config.NOTIFICATIONS_MAX_AGE_DAYS * 86_400_000) return;
    await this.outbox.add(manager, drafts);
  }
}

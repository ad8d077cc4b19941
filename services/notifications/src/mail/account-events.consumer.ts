import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import * as accountMails from './account-mails';
import { MailQueue } from './mail-queue';

/**
 * identity's account events (reset, verification, change of address or password, two-step sign-in, a new device):
 * each queues its mail.
 */
@Injectable()
export class AccountEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly mail: MailQueue,
  ) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.identity.passwordResetRequested]: (event, manager) =>
        this.mail.add(manager, accountMails.passwordResetRequested(event), event.occurredAt),
      [EVENTS.identity.emailVerificationRequested]: (event, manager) =>
        this.mail.add(manager, accountMails.emailVerificationRequested(event), event.occurredAt),
      [EVENTS.identity.emailChangeRequested]: (event, manager) =>
        this.mail.add(manager, accountMails.emailChangeRequested(event), event.occurredAt),
      [EVENTS.identity.emailChanged]: (event, manager) =>
        this.mail.add(manager, accountMails.emailChanged(event), event.occurredAt),
      [EVENTS.identity.passwordChanged]: (event, manager) =>
        this.mail.add(manager, accountMails.passwordChanged(event), event.occurredAt),
      [EVENTS.identity.twoFactorEnabled]: (event, manager) =>
        this.mail.add(manager, accountMails.twoFactorEnabled(event), event.occurredAt),
      [EVENTS.identity.twoFactorDisabled]: (event, manager) =>
        this.mail.add(manager, accountMails.twoFactorDisabled(event), event.occurredAt),
      [EVENTS.identity.newDeviceSignIn]: (event, manager) =>
        this.mail.add(manager, accountMails.newDeviceSignIn(event), event.occurredAt),
    });
  }
}

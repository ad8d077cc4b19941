import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import { LiveEventsService } from '../live/live-events.service';
import { MailQueue } from '../mail/mail-queue';
import { orderMessageDeliveries, orderMessageMails } from './order-message-drafts';

/** Follows the messages written on orders: live events and the bell for members, the mail for a guest buyer. */
@Injectable()
export class OrderMessagesConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly live: LiveEventsService,
    private readonly mail: MailQueue,
  ) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.payments.orderMessageSent]: async (event, manager) => {
        await this.live.record(manager, orderMessageDeliveries(event), event.occurredAt);
        await this.mail.add(manager, orderMessageMails(event), event.occurredAt);
      },
    });
  }
}

import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import * as deliveries from './deliveries';
import { LiveEventsService } from './live-events.service';

/** Follows what signed-in people should see at once: messaging's messages and read marks, payments' orders and payouts. */
@Injectable()
export class DomainEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly live: LiveEventsService,
  ) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.messaging.messageSent]: (event, manager) =>
        this.live.record(manager, deliveries.messageSent(event), event.occurredAt),
      [EVENTS.messaging.inboxChanged]: (event, manager) =>
        this.live.record(manager, deliveries.inboxChanged(event), event.occurredAt),
      [EVENTS.payments.orderPaid]: (event, manager) =>
        this.live.record(manager, deliveries.orderPaid(event), event.occurredAt),
      [EVENTS.payments.orderChanged]: (event, manager) =>
        this.live.record(manager, deliveries.orderChanged(event), event.occurredAt),
      [EVENTS.payments.payoutPaid]: (event, manager) =>
        this.live.record(manager, deliveries.payoutPaid(event), event.occurredAt),
    });
  }
}

import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import { PaymentsService } from './payments.service';

/** Follows catalog: unpaid intents for a product that was sold or removed are cancelled. */
@Injectable()
export class ProductEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly payments: PaymentsService,
  ) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.catalog.productRemoved]: (event, manager) => this.payments.productGone(event.productId, manager),
      [EVENTS.catalog.productSold]: (event, manager) => this.payments.productGone(event.productId, manager),
    });
  }
}

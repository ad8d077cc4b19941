import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import { ProductsService } from './products.service';

/** Follows payments: a paid order sells its product (once); one cancelled before shipping puts it back on sale. */
@Injectable()
export class OrderEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly products: ProductsService,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.consumer.start({
      [EVENTS.payments.orderPaid]: (event, manager) => this.products.markSold(event.productId, event.orderId, manager),
      [EVENTS.payments.orderChanged]: (event, manager) => this.products.applyOrderChanged(event, manager),
    });
  }
}

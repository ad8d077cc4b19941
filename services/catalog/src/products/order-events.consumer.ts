import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, type OrderChangedEvent, type OrderPaidEvent } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import { ProductsService } from './products.service';

/** Follows payments: a paid order sells its products (once); one cancelled before shipping puts them back on sale. */
@Injectable()
export class OrderEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly products: ProductsService,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.consumer.start({
      // A bundle's order sells (or puts back) each of its items; locked in id order, so two never wait on each other.
      [EVENTS.payments.orderPaid]: async (event, manager) => {
        for (const productId of itemsOf(event)) await this.products.markSold(productId, event.orderId, manager);
      },
      [EVENTS.payments.orderChanged]: async (event, manager) => {
        for (const productId of itemsOf(event)) await this.products.applyOrderChanged({ ...event, productId }, manager);
      },
    });
  }
}

/** The order's items: a bundle's several, else its one product (events written before bundles name only that). */
function itemsOf(event: OrderPaidEvent | OrderChangedEvent): string[] {
  return [...new Set(event.productIds?.length ? event.productIds : [event.productId])].sort();
}

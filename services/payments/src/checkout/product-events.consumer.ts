import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { applyBlockChange, EventConsumer } from '@souvenir/platform';
import { OffersService } from '../offers/offers.service';
import { CheckoutService } from './checkout.service';

/**
 * Follows catalog (unpaid intents for a product that was sold or removed are cancelled, its open offers end) and
 * identity's blocks (nobody buys from someone a block stands between).
 */
@Injectable()
export class ProductEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly checkout: CheckoutService,
    private readonly offers: OffersService,
  ) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.catalog.productRemoved]: async (event, manager) => {
        await this.checkout.productGone(event.productId, manager);
        await this.offers.itemGone(manager, event.productId);
      },
      [EVENTS.catalog.productSold]: async (event, manager) => {
        await this.checkout.productGone(event.productId, manager);
        await this.offers.itemGone(manager, event.productId);
      },
      [EVENTS.identity.blockChanged]: (event, manager) => applyBlockChange(manager, 'payments', event),
    });
  }
}

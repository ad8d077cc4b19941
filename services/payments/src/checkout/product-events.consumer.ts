import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { applyBlockChange, EventConsumer } from '@souvenir/platform';
import { AwaySellers } from './away-sellers';
import { CheckoutService } from './checkout.service';

/**
 * Follows catalog (unpaid intents for a product that was sold or removed are cancelled, and other buyers' for one
 * reserved for a buyer), identity's blocks (nobody buys from someone a block stands between) and catalog's away mode
 * (ship-by deadlines start on the return date).
 */
@Injectable()
export class ProductEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly checkout: CheckoutService,
    private readonly awaySellers: AwaySellers,
  ) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.catalog.productRemoved]: (event, manager) => this.checkout.productGone(event.productId, manager),
      [EVENTS.catalog.productSold]: (event, manager) => this.checkout.productGone(event.productId, manager),
      [EVENTS.catalog.productReserved]: (event, manager) =>
        this.checkout.productReserved(event.productId, event.buyerId, manager),
      [EVENTS.identity.blockChanged]: (event, manager) => applyBlockChange(manager, 'payments', event),
      [EVENTS.catalog.sellerAwayChanged]: (event, manager) => this.awaySellers.apply(manager, event),
    });
  }
}

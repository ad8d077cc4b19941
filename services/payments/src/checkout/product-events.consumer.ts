import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { applyBlockChange, EventConsumer } from '@souvenir/platform';
import { AwaySellers } from './away-sellers';
import { OffersService } from '../offers/offers.service';
import { CheckoutService } from './checkout.service';

/**
 * Follows catalog (unpaid intents for a product that was sold or removed are cancelled and the open offers that include
 * it end; other buyers' intents and open offers for one reserved for a buyer are cancelled and ended), identity's blocks (nobody buys from someone a
 * block stands between) and catalog's away mode (ship-by deadlines start on the return date).
 */
@Injectable()
export class ProductEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly checkout: CheckoutService,
    private readonly awaySellers: AwaySellers,
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
      [EVENTS.catalog.productReserved]: async (event, manager) => {
        await this.checkout.productReserved(event.productId, event.buyerId, manager);
        await this.offers.itemReserved(manager, event.productId, event.buyerId);
      },
      [EVENTS.identity.blockChanged]: (event, manager) => applyBlockChange(manager, 'payments', event),
      [EVENTS.catalog.sellerAwayChanged]: (event, manager) => this.awaySellers.apply(manager, event),
    });
  }
}

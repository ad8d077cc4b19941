import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import { SellersService } from './sellers.service';

/** catalog's durable consumers: identity's user events and reviews' rating events and payments' bundle discounts feed the seller read model. */
@Injectable()
export class SellerEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly sellers: SellersService,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.consumer.start({
      [EVENTS.identity.userRegistered]: (event, manager) => this.sellers.applyProfile(event, manager),
      [EVENTS.identity.userUpdated]: (event, manager) => this.sellers.applyProfile(event, manager),
      [EVENTS.reviews.ratingChanged]: (event, manager) => this.sellers.applyRating(event, manager),
      [EVENTS.payments.bundleDiscountChanged]: (event, manager) => this.sellers.applyBundleDiscount(event, manager),
    });
  }
}

import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import { ProductsService } from '../products/products.service';

/**
 * Support's decisions (moderation): a hidden listing, or a suspended seller's listings, leave the shop; a listing held
 * for its keywords leaves it until support decides.
 */
@Injectable()
export class ModerationDecisionsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly products: ProductsService,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.consumer.start({
      [EVENTS.moderation.decided]: (event, manager) => this.products.applyModeration(event, manager),
      [EVENTS.moderation.listingHeld]: (event, manager) => this.products.hold(event, manager),
    });
  }
}

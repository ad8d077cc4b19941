import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import { FavouritesService } from './favourites.service';

/**
 * Follows catalog: a product that is removed or sold leaves every favourites list; a relisted one comes back; support's
 * decision on its documents changes its stored card's origin level; an edit, a reservation and its end drop the stored
 * card (fetched again).
 */
@Injectable()
export class ProductEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly favourites: FavouritesService,
  ) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.catalog.productRemoved]: (event, manager) =>
        this.favourites.productGone(event.productId, manager, 'removed'),
      [EVENTS.catalog.productSold]: (event, manager) =>
        this.favourites.productGone(event.productId, manager, 'sold', event.version),
      [EVENTS.catalog.productRelisted]: (event, manager) =>
        this.favourites.productRelisted(event.productId, event.version, manager),
      [EVENTS.catalog.productOriginChanged]: (event, manager) =>
        this.favourites.productOriginChanged(event.productId, event.originLevel, manager),
      [EVENTS.catalog.productUpdated]: (event, manager) => this.favourites.productUpdated(event.productId, manager),
      // A reservation and its end change the card ("Reserved"): fetched again like an edited one.
      [EVENTS.catalog.productReserved]: (event, manager) => this.favourites.productUpdated(event.productId, manager),
      [EVENTS.catalog.productReservationEnded]: (event, manager) =>
        this.favourites.productUpdated(event.productId, manager),
    });
  }
}

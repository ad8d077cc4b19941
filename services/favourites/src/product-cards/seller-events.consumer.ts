import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import { FavouritesService } from '../favourites/favourites.service';

/** Follows identity and reviews: a seller's profile and rating changes reach the cards of their favourited products. */
@Injectable()
export class SellerEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly favourites: FavouritesService,
  ) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.identity.userRegistered]: (event, manager) => this.favourites.applySellerProfile(event, manager),
      [EVENTS.identity.userUpdated]: (event, manager) => this.favourites.applySellerProfile(event, manager),
      [EVENTS.reviews.ratingChanged]: (event, manager) => this.favourites.applySellerRating(event, manager),
    });
  }
}

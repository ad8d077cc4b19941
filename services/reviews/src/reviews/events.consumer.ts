import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { applyBlockChange, EventConsumer } from '@souvenir/platform';
import { ReviewsService } from './reviews.service';

/** Follows payments (a completed order opens its reviews) and identity (authors' names on reviews, blocks). */
@Injectable()
export class EventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly reviews: ReviewsService,
  ) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.payments.orderChanged]: (event, manager) => this.reviews.orderChanged(event, manager),
      [EVENTS.identity.userRegistered]: (event, manager) => this.reviews.applyProfile(event, manager),
      [EVENTS.identity.userUpdated]: (event, manager) => this.reviews.applyProfile(event, manager),
      [EVENTS.identity.blockChanged]: (event, manager) => applyBlockChange(manager, 'reviews', event),
    });
  }
}

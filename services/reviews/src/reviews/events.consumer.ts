import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { applyBlockChange, EventConsumer } from '@souvenir/platform';
import { ReviewModeration } from './review-moderation';
import { ReviewsService } from './reviews.service';

/**
 * Follows payments (a completed order opens its reviews), identity (authors' names on reviews, blocks) and
 * moderation (a reported review support hid).
 */
@Injectable()
export class EventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly reviews: ReviewsService,
    private readonly moderation: ReviewModeration,
  ) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.payments.orderChanged]: (event, manager) => this.reviews.orderChanged(event, manager),
      [EVENTS.identity.userRegistered]: (event, manager) => this.reviews.applyProfile(event, manager),
      [EVENTS.identity.userUpdated]: (event, manager) => this.reviews.applyProfile(event, manager),
      [EVENTS.moderation.decided]: (event, manager) => this.moderation.applyModeration(event, manager),
      [EVENTS.identity.blockChanged]: (event, manager) => applyBlockChange(manager, 'reviews', event),
    });
  }
}

import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import { UserTrustService } from './user-trust.service';

/** identity's durable consumers: payments' seller standing (the Verified badge) and reviews' ratings. */
@Injectable()
export class TrustEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly trust: UserTrustService,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.consumer.start({
      [EVENTS.payments.sellerStandingChanged]: (event, manager) => this.trust.applyStanding(event, manager),
      [EVENTS.reviews.ratingChanged]: (event, manager) => this.trust.applyRating(event, manager),
    });
  }
}

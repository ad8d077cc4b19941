import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import { FavouriteCountsService } from './favourite-counts.service';

/** Follows favourites: every heart set or cleared moves the product's popularity. */
@Injectable()
export class FavouriteEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly counts: FavouriteCountsService,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.consumer.start({
      [EVENTS.favourites.favouriteAdded]: (event, manager) => this.counts.apply(event, manager),
      [EVENTS.favourites.favouriteRemoved]: (event, manager) => this.counts.apply(event, manager),
    });
  }
}

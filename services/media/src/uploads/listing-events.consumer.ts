import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import { UploadsService } from './uploads.service';

/**
 * A listing that names uploaded images makes them used (catalog's product listed carries the image URLs). An event
 * rather than a call from catalog's create: catalog does not wait on media, nor fail a listing when media is down, and
 * the event arrives well within the 24 hours an upload is kept.
 */
@Injectable()
export class ListingEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly uploads: UploadsService,
  ) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.catalog.productListed]: (event, manager) =>
        this.uploads.listingCreated([...(event.images ?? []), ...(event.documents ?? [])], manager),
    });
  }
}

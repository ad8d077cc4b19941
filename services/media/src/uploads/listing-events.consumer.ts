import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import { PhotoAccessRepository } from './photo-access.repository';
import { UploadsService } from './uploads.service';

/**
 * A listing that names uploaded images makes them used (catalog's product listed carries the image URLs and
 * documents), and so does a claim (payments' order changed that opens a claim carries its photos). Events rather than
 * calls from catalog or payments: neither waits on media, nor fails when media is down, and the event arrives well
 * within the 24 hours an upload is kept. The same events say which photos are evidence (photo-access.repository.ts).
 */
@Injectable()
export class ListingEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly uploads: UploadsService,
    private readonly photoAccess: PhotoAccessRepository,
  ) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.catalog.productListed]: async (event, manager) => {
        await this.uploads.namedImages([...(event.images ?? []), ...(event.documents ?? [])], manager);
        await this.photoAccess.record(manager, { shown: event.images, evidence: event.documents });
      },
      [EVENTS.payments.orderChanged]: async (event, manager) => {
        if (!event.photos?.length) return;
        await this.uploads.namedImages(event.photos, manager);
        await this.photoAccess.record(manager, { evidence: event.photos });
      },
    });
  }
}

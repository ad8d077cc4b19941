import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import { UploadsService } from './uploads.service';

/**
 * A profile photo names an upload (identity's user updated carries it): the upload is then used, so the clean-up of
 * unused uploads leaves it. Nothing is recorded about who may see it: a photo is public unless a claim or a listing's
 * documents made it evidence, and a profile must not make evidence public.
 */
@Injectable()
export class ProfilePhotoEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly uploads: UploadsService,
  ) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.identity.userUpdated]: async (event, manager) => {
        if (event.avatar) await this.uploads.namedImages([event.avatar], manager);
      },
    });
  }
}

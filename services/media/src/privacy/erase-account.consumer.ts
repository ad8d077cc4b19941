import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import { ExportArchivesService } from '../exports/export-archives.service';
import { UploadsService } from '../uploads/uploads.service';

/** media's part of an account deletion: every photo and document the person uploaded and their data archives, rows and files. */
@Injectable()
export class EraseAccountConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly uploads: UploadsService,
    private readonly archives: ExportArchivesService,
  ) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.identity.userDeleted]: async (event, manager) => {
        await this.uploads.eraseOwner(event.userId, manager);
        await this.archives.eraseOwner(event.userId, manager);
      },
    });
  }
}

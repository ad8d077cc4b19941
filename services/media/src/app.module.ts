import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { PlatformModule } from '@souvenir/platform';
import type { MediaConfig } from './config/media.config';
import { MEDIA_MIGRATIONS } from './database/migrations';
import { ImageJobs } from './images/image-jobs';
import { JobQueue } from './jobs/job-queue';
import { storageProvider } from './storage/storage.provider';
import { ApiErrorsFilter } from './uploads/api-errors.filter';
import { ListingEventsConsumer } from './uploads/listing-events.consumer';
import { ProfilePhotoEventsConsumer } from './uploads/profile-photo-events.consumer';
import { EraseAccountConsumer } from './privacy/erase-account.consumer';
import { PhotoAccessRepository } from './uploads/photo-access.repository';
import { PrivateEvidenceGuard } from './uploads/private-evidence';
import { RequestTimeouts } from './uploads/request-timeouts';
import { UnusedUploadsCleanUp } from './uploads/unused-uploads-clean-up';
import { UploadMemoryBudget } from './uploads/upload-memory-budget';
import { UploadRules } from './uploads/upload-rules';
import { UploaderSession } from './uploads/uploader-session';
import { UploadsController } from './uploads/uploads.controller';
import { UploadsInFlight } from './uploads/uploads-in-flight';
import { UploadsRepository } from './uploads/uploads.repository';
import { UploadsService } from './uploads/uploads.service';
import { ExportUserDataController } from './privacy/export-user-data.controller';
import { ExportArchivesCleanUp } from './exports/export-archives-clean-up';
import { ExportArchivesController } from './exports/export-archives.controller';
import { ExportArchivesService } from './exports/export-archives.service';

export const SERVICE_NAME = 'media';

@Module({})
export class AppModule {
  static register(config: MediaConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forService({ name: SERVICE_NAME, config, entities: [], migrations: MEDIA_MIGRATIONS })],
      controllers: [UploadsController, ExportUserDataController, ExportArchivesController],
      providers: [
        { provide: APP_FILTER, useClass: ApiErrorsFilter },
        storageProvider,
        UploaderSession,
        UploadRules,
        UploadsRepository,
        PhotoAccessRepository,
        PrivateEvidenceGuard,
        UploadsService,
        ImageJobs,
        UploadMemoryBudget,
        UploadsInFlight,
        RequestTimeouts,
        JobQueue,
        UnusedUploadsCleanUp,
        ListingEventsConsumer,
        ProfilePhotoEventsConsumer,
        EraseAccountConsumer,
        ExportArchivesService,
        ExportArchivesCleanUp,
      ],
    };
  }
}

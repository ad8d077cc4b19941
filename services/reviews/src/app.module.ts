import { type DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@souvenir/platform';
import type { ReviewsConfig } from './config/reviews.config';
import { REVIEWS_MIGRATIONS } from './database/migrations';
import { JobQueue } from './jobs/job-queue';
import { EventsConsumer } from './reviews/events.consumer';
import { EraseAccountConsumer } from './privacy/erase-account.consumer';
import { Publication } from './reviews/publication';
import { RatingSummaries } from './reviews/rating-summaries';
import { ReviewModeration } from './reviews/review-moderation';
import { ReviewReminders } from './reviews/review-reminders';
import { ReviewWindow } from './reviews/review-window';
import { ReviewsController } from './reviews/reviews.controller';
import { ReviewsRepository } from './reviews/reviews.repository';
import { ReviewsService } from './reviews/reviews.service';
import { ExportUserDataController } from './privacy/export-user-data.controller';

export const SERVICE_NAME = 'reviews';

@Module({})
export class AppModule {
  static register(config: ReviewsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ name: SERVICE_NAME, config, entities: [], migrations: REVIEWS_MIGRATIONS }),
      ],
      controllers: [ReviewsController, ExportUserDataController],
      providers: [
        ReviewsService,
        ReviewsRepository,
        RatingSummaries,
        Publication,
        JobQueue,
        ReviewWindow,
        ReviewReminders,
        ReviewModeration,
        EventsConsumer,
        EraseAccountConsumer,
      ],
    };
  }
}

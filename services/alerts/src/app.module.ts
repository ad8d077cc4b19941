import { type DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@souvenir/platform';
import type { AlertsConfig } from './config/alerts.config';
import { ALERTS_MIGRATIONS } from './database/migrations';
import { ListingMatcher } from './matching/listing-matcher';
import { ListingsConsumer } from './matching/listings.consumer';
import { PeopleConsumer } from './matching/people.consumer';
import { ExportUserDataController } from './privacy/export-user-data.controller';
import { SavedSearchesController } from './saved-searches/saved-searches.controller';
import { SavedSearchesRepository } from './saved-searches/saved-searches.repository';
import { SavedSearchesService } from './saved-searches/saved-searches.service';

export const SERVICE_NAME = 'alerts';

@Module({})
export class AppModule {
  static register(config: AlertsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forService({ name: SERVICE_NAME, config, entities: [], migrations: ALERTS_MIGRATIONS })],
      controllers: [SavedSearchesController, ExportUserDataController],
      providers: [SavedSearchesService, SavedSearchesRepository, ListingMatcher, ListingsConsumer, PeopleConsumer],
    };
  }
}

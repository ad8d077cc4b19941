import { type DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@souvenir/platform';
import type { ModerationConfig } from './config/moderation.config';
import { MODERATION_MIGRATIONS } from './database/migrations';
import { KeywordsService } from './keywords/keywords.service';
import { ListingHolds } from './keywords/listing-holds';
import { EraseAccountConsumer } from './privacy/erase-account.consumer';
import { ExportUserDataController } from './privacy/export-user-data.controller';
import { ModerationQueue } from './reports/moderation-queue';
import { ReportSnapshots } from './reports/report-snapshots';
import { ReportsController } from './reports/reports.controller';
import { ReportsRepository } from './reports/reports.repository';
import { ReportsService } from './reports/reports.service';
import { ShieldFlags } from './shield/shield-flags';
import { VelocityCases } from './velocity/velocity-cases';

export const SERVICE_NAME = 'moderation';

@Module({})
export class AppModule {
  static register(config: ModerationConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ name: SERVICE_NAME, config, entities: [], migrations: MODERATION_MIGRATIONS }),
      ],
      controllers: [ReportsController, ExportUserDataController],
      providers: [
        ReportsService,
        ReportsRepository,
        ReportSnapshots,
        ModerationQueue,
        KeywordsService,
        ListingHolds,
        ShieldFlags,
        VelocityCases,
        EraseAccountConsumer,
      ],
    };
  }
}

import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { OfferJobs } from './offer-jobs';
import { OffersController } from './offers.controller';
import { OffersRepository } from './offers.repository';
import { OffersService } from './offers.service';

@Module({
  imports: [JobsModule],
  controllers: [OffersController],
  providers: [OffersService, OffersRepository, OfferJobs],
  exports: [OffersService],
})
export class OffersModule {}

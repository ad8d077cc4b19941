import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { SellersModule } from '../sellers/sellers.module';
import { FavouriteOffers } from './favourite-offers';
import { OfferJobs } from './offer-jobs';
import { OffersController } from './offers.controller';
import { OffersRepository } from './offers.repository';
import { OffersService } from './offers.service';

@Module({
  imports: [JobsModule, SellersModule],
  controllers: [OffersController],
  providers: [OffersService, OffersRepository, OfferJobs, FavouriteOffers],
  exports: [OffersService],
})
export class OffersModule {}

import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlatformModule } from '@souvenir/platform';
import { AwayController } from './away/away.controller';
import { AwayRepository } from './away/away.repository';
import { AwayReturn } from './away/away-return';
import { AwayService } from './away/away.service';
import { JobQueue } from './jobs/job-queue';
import { CategoriesController } from './categories/categories.controller';
import { CategoriesService } from './categories/categories.service';
import type { CatalogConfig } from './config/catalog.config';
import { CustomsController } from './customs/customs.controller';
import { CustomsRulesRepository } from './customs/customs-rules.repository';
import { CustomsService } from './customs/customs.service';
import { CATALOG_MIGRATIONS } from './database/migrations';
import { FavouriteEventsConsumer } from './favourites/favourite-events.consumer';
import { FavouriteCountsService } from './favourites/favourite-counts.service';
import { FavouriteStateEntity } from './favourites/favourite-state.entity';
import { FavouriteStatesRepository } from './favourites/favourite-states.repository';
import { FirstPageCache, ProductCountCache } from './products/product-list-caches';
import { OrderEventsConsumer } from './products/order-events.consumer';
import { ProductsController } from './products/products.controller';
import { ProductCustomsController } from './products/product-customs.controller';
import { ProductsRepository } from './products/products.repository';
import { ProductsService } from './products/products.service';
import { ListingVelocity } from './products/listing-velocity';
import { ListReads } from './products/list-reads';
import { SellerEntity } from './sellers/seller.entity';
import { SellerEventsConsumer } from './sellers/seller-events.consumer';
import { EraseAccountConsumer } from './privacy/erase-account.consumer';
import { ModerationDecisionsConsumer } from './moderation/moderation-decisions.consumer';
import { SellersRepository } from './sellers/sellers.repository';
import { SellersService } from './sellers/sellers.service';
import { ExportUserDataController } from './privacy/export-user-data.controller';
import { BlockEventsConsumer } from './reservations/block-events.consumer';
import { ReservationEnds } from './reservations/reservation-ends';
import { ReservationsController } from './reservations/reservations.controller';
import { ReservationsService } from './reservations/reservations.service';

export const SERVICE_NAME = 'catalog';

@Module({})
export class AppModule {
  static register(config: CatalogConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({
          name: SERVICE_NAME,
          config,
          entities: [SellerEntity, FavouriteStateEntity],
          migrations: CATALOG_MIGRATIONS,
        }),
        TypeOrmModule.forFeature([SellerEntity]),
      ],
      controllers: [
        ProductsController,
        ProductCustomsController,
        CategoriesController,
        CustomsController,
        ExportUserDataController,
        ReservationsController,
        AwayController,
      ],
      providers: [
        ProductsService,
        ListingVelocity,
        ListReads,
        CategoriesService,
        ProductCountCache,
        FirstPageCache,
        ProductsRepository,
        SellersService,
        SellersRepository,
        SellerEventsConsumer,
        EraseAccountConsumer,
        ModerationDecisionsConsumer,
        FavouriteCountsService,
        FavouriteStatesRepository,
        FavouriteEventsConsumer,
        OrderEventsConsumer,
        CustomsService,
        CustomsRulesRepository,
        JobQueue,
        ReservationEnds,
        ReservationsService,
        BlockEventsConsumer,
        AwayService,
        AwayRepository,
        AwayReturn,
      ],
    };
  }
}

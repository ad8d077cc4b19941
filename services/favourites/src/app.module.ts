import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlatformModule } from '@souvenir/platform';
import type { FavouritesConfig } from './config/favourites.config';
import { FAVOURITES_MIGRATIONS } from './database/migrations';
import { FavouriteEntity } from './favourites/favourite.entity';
import { FavouritesController } from './favourites/favourites.controller';
import { FavouritesRepository } from './favourites/favourites.repository';
import { FavouritesService } from './favourites/favourites.service';
import { ProductEventsConsumer } from './favourites/product-events.consumer';
import { ProductCardEntity } from './product-cards/product-card.entity';
import { ProductCardsRepository } from './product-cards/product-cards.repository';
import { SellerEntity } from './product-cards/seller.entity';
import { SellerEventsConsumer } from './product-cards/seller-events.consumer';
import { EraseAccountConsumer } from './privacy/erase-account.consumer';
import { ExportUserDataController } from './privacy/export-user-data.controller';

export const SERVICE_NAME = 'favourites';

@Module({})
export class AppModule {
  static register(config: FavouritesConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({
          name: SERVICE_NAME,
          config,
          entities: [FavouriteEntity, ProductCardEntity, SellerEntity],
          migrations: FAVOURITES_MIGRATIONS,
        }),
        TypeOrmModule.forFeature([FavouriteEntity]),
      ],
      controllers: [FavouritesController, ExportUserDataController],
      providers: [
        FavouritesService,
        FavouritesRepository,
        ProductCardsRepository,
        ProductEventsConsumer,
        SellerEventsConsumer,
        EraseAccountConsumer,
      ],
    };
  }
}

import { Module } from '@nestjs/common';
import { AddressesModule } from '../addresses/addresses.module';
import { JobsModule } from '../jobs/jobs.module';
import { OffersModule } from '../offers/offers.module';
import { OrdersModule } from '../orders/orders.module';
import { ProvidersModule } from '../providers/providers.module';
import { SellersModule } from '../sellers/sellers.module';
import { AwaySellers } from './away-sellers';
import { CheckoutController } from './checkout.controller';
import { CheckoutService } from './checkout.service';
import { IntentSync } from './intent-sync';
import { ProductEventsConsumer } from './product-events.consumer';
import { Settlement } from './settlement';

@Module({
  imports: [AddressesModule, JobsModule, OffersModule, OrdersModule, ProvidersModule, SellersModule],
  controllers: [CheckoutController],
  providers: [CheckoutService, IntentSync, Settlement, ProductEventsConsumer, AwaySellers],
  exports: [IntentSync],
})
export class CheckoutModule {}

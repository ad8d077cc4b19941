import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlatformModule } from '@souvenir/platform';
import { DataSource } from 'typeorm';
import { PaymentsConfig } from './config/payments.config';
import { PAYMENTS_MIGRATIONS } from './database/migrations';
import { OrderEntity } from './orders/order.entity';
import { OrdersRepository } from './orders/orders.repository';
import { PaymentsController } from './orders/payments.controller';
import { PaymentsService } from './orders/payments.service';
import { ProcessedProviderEventEntity } from './orders/processed-provider-event.entity';
import { ProductEventsConsumer } from './orders/product-events.consumer';
import { PaymentProvider } from './providers/payment-provider';
import { StripePaymentProvider } from './providers/stripe.provider';
import { TestIntentEntity } from './providers/test-intent.entity';
import { TestModePaymentProvider } from './providers/test-mode.provider';

export const SERVICE_NAME = 'payments';

const ENTITIES = [OrderEntity, ProcessedProviderEventEntity, TestIntentEntity];

@Module({})
export class AppModule {
  static register(config: PaymentsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ name: SERVICE_NAME, config, entities: ENTITIES, migrations: PAYMENTS_MIGRATIONS }),
        TypeOrmModule.forFeature(ENTITIES),
      ],
      controllers: [PaymentsController],
      providers: [
        PaymentsService,
        OrdersRepository,
        ProductEventsConsumer,
        {
          // Stripe whenever a key is configured; the test-mode provider otherwise (config refuses that in production).
          provide: PaymentProvider,
          inject: [DataSource],
          useFactory: (dataSource: DataSource): PaymentProvider =>
            config.usesStripe ? new StripePaymentProvider(config) : new TestModePaymentProvider(dataSource),
        },
      ],
    };
  }
}

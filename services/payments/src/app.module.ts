import { type DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@souvenir/platform';
import { AddressesModule } from './addresses/addresses.module';
import { SavedAddressEntity } from './addresses/saved-address.entity';
import { CheckoutModule } from './checkout/checkout.module';
import type { PaymentsConfig } from './config/payments.config';
import { PAYMENTS_MIGRATIONS } from './database/migrations';
import { GuestLinksModule } from './guest-links/guest-links.module';
import { JobsModule } from './jobs/jobs.module';
import { LedgerModule } from './ledger/ledger.module';
import { OffersModule } from './offers/offers.module';
import { OfferEntity } from './offers/offer.entity';
import { OfferItemEntity } from './offers/offer-item.entity';
import { OrderMessagesModule } from './order-messages/order-messages.module';
import { ClaimEntity } from './orders/claim.entity';
import { OrderHistoryEntity } from './orders/order-history.entity';
import { OrderEntity } from './orders/order.entity';
import { OrderItemEntity } from './orders/order-item.entity';
import { OrdersModule } from './orders/orders.module';
import { PayoutAccountEntity } from './payouts/payout-account.entity';
import { PayoutTransfersModule } from './payouts/payout-transfers.module';
import { PayoutEntity } from './payouts/payout.entity';
import { PayoutsModule } from './payouts/payouts.module';
import { PrivacyModule } from './privacy/privacy.module';
import { ProcessedProviderEventEntity } from './providers/processed-provider-event.entity';
import { ProvidersModule } from './providers/providers.module';
import {
  TestAccountEntity,
  TestAccountLinkEntity,
  TestTransferEntity,
} from './providers/test-mode/test-connect.entities';
import { TestIntentEntity } from './providers/test-mode/test-intent.entity';
import { RefundsModule } from './refunds/refunds.module';
import { SellersModule } from './sellers/sellers.module';
import { WebhooksModule } from './webhooks/webhooks.module';

export const SERVICE_NAME = 'payments';

const ENTITIES = [
  OrderEntity,
  OrderItemEntity,
  OrderHistoryEntity,
  ClaimEntity,
  ProcessedProviderEventEntity,
  PayoutAccountEntity,
  PayoutEntity,
  TestIntentEntity,
  TestAccountEntity,
  TestAccountLinkEntity,
  TestTransferEntity,
  SavedAddressEntity,
  OfferEntity,
  OfferItemEntity,
];

/** The platform, then one module per folder of src/ (each imports only the folders its arrow in the README names). */
@Module({})
export class AppModule {
  static register(config: PaymentsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ name: SERVICE_NAME, config, entities: ENTITIES, migrations: PAYMENTS_MIGRATIONS }),
        JobsModule,
        LedgerModule,
        SellersModule,
        AddressesModule,
        ProvidersModule,
        PayoutsModule,
        OrdersModule,
        // Payouts' jobs read orders through OrderFunds, which OrdersModule exports (payouts/ never imports orders/).
        PayoutTransfersModule.withOrderFunds(OrdersModule),
        RefundsModule,
        OffersModule,
        CheckoutModule,
        GuestLinksModule,
        OrderMessagesModule,
        WebhooksModule,
        PrivacyModule,
      ],
    };
  }
}

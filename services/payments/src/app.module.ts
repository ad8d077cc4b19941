import { type DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@souvenir/platform';
import { AddressBookController } from './addresses/address-book.controller';
import { AddressBookService } from './addresses/address-book.service';
import { SavedAddressEntity } from './addresses/saved-address.entity';
import { SavedAddressesRepository } from './addresses/saved-addresses.repository';
import { PaymentsConfig } from './config/payments.config';
import { PAYMENTS_MIGRATIONS } from './database/migrations';
import { AccountErasure, AccountErasureController } from './privacy/erase-account';
import { JobQueue } from './jobs/job-queue';
import { CardDisputes } from './orders/card-disputes';
import { IntentSync } from './checkout/intent-sync';
import { PaymentCapture } from './orders/payment-capture';
import { ClaimEntity } from './orders/claim.entity';
import { ClaimsRepository } from './orders/claims.repository';
import { OrderHistoryEntity } from './orders/order-history.entity';
import { OrderHistoryRepository } from './orders/order-history.repository';
import { OrderJobs } from './orders/order-jobs';
import { OrderJournal } from './orders/order-journal';
import { OrderAccess } from './orders/order-access';
import { ClaimsService } from './orders/claims.service';
import { OrderDeadlines } from './orders/order-deadlines';
import { OrderLifecycleService } from './orders/order-lifecycle.service';
import { OrderRefunds } from './orders/order-refunds';
import { OrderSteps } from './orders/order-steps';
import { OrderEntity } from './orders/order.entity';
import { OrdersRepository } from './orders/orders.repository';
import { CheckoutController } from './checkout/checkout.controller';
import { CheckoutService } from './checkout/checkout.service';
import { OrdersController } from './orders/orders.controller';
import { ProcessedProviderEventEntity } from './providers/processed-provider-event.entity';
import { ProductEventsConsumer } from './checkout/product-events.consumer';
import { ProviderEventsRepository } from './providers/provider-events.repository';
import { Settlement } from './checkout/settlement';
import { PaymentProvider } from './providers/payment-provider';
import { StripePaymentProvider } from './providers/stripe.provider';
import { TestIntentEntity } from './providers/test-mode/test-intent.entity';
import { TestModePaymentProvider } from './providers/test-mode/test-mode.provider';
import { TestModeRepository } from './providers/test-mode/test-mode.repository';
import {
  TestAccountEntity,
  TestAccountLinkEntity,
  TestTransferEntity,
} from './providers/test-mode/test-connect.entities';
import { TestWebhooks } from './providers/test-mode/test-webhooks';
import { OrderLinksRepository } from './orders/order-links.repository';
import { OrderMailFactsController } from './guest-links/order-mail-facts.controller';
import { OrderMailFactsService } from './guest-links/order-mail-facts.service';
import { GuestOrdersToAccount } from './guest-links/guest-orders-to-account';
import { OrderMessagesController } from './order-messages/order-messages.controller';
import { OrderMessagesRepository } from './order-messages/order-messages.repository';
import { OrderMessagesService } from './order-messages/order-messages.service';
import { Ledger } from './ledger/ledger';
import { SellerLedger } from './ledger/seller-ledger';
import { SellerLedgerService } from './ledger/seller-ledger.service';
import { MoneySweep } from './orders/money-sweep';
import { OrdersAsFunds } from './orders/orders-as-funds';
import { OrderFunds } from './payouts/order-funds';
import { PayoutAccountEntity } from './payouts/payout-account.entity';
import { PayoutAccountsRepository } from './payouts/payout-accounts.repository';
import { PayoutAccountsService } from './payouts/payout-accounts.service';
import { PayoutEntity } from './payouts/payout.entity';
import { PayoutsController } from './payouts/payouts.controller';
import { PayoutsRepository } from './payouts/payouts.repository';
import { PayoutsService } from './payouts/payouts.service';
import { SellerRecords } from './sellers/seller-records';
import { WebhooksController } from './webhooks/webhooks.controller';
import { WebhooksService } from './webhooks/webhooks.service';
import { TrackRecordController } from './sellers/track-record.controller';
import { ExportUserDataController } from './privacy/export-user-data.controller';

export const SERVICE_NAME = 'payments';

const ENTITIES = [
  OrderEntity,
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
];

@Module({})
export class AppModule {
  static register(config: PaymentsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ name: SERVICE_NAME, config, entities: ENTITIES, migrations: PAYMENTS_MIGRATIONS }),
      ],
      controllers: [
        CheckoutController,
        OrdersController,
        WebhooksController,
        AddressBookController,
        PayoutsController,
        TrackRecordController,
        OrderMailFactsController,
        OrderMessagesController,
        AccountErasureController,
        ExportUserDataController,
      ],
      providers: [
        OrderLinksRepository,
        OrderMessagesRepository,
        OrderMessagesService,
        GuestOrdersToAccount,
        OrderMailFactsService,
        CheckoutService,
        WebhooksService,
        AddressBookService,
        SavedAddressesRepository,
        OrdersRepository,
        ClaimsRepository,
        OrderHistoryRepository,
        ProviderEventsRepository,
        PayoutsRepository,
        PayoutAccountsRepository,
        TestModeRepository,
        IntentSync,
        PaymentCapture,
        Settlement,
        JobQueue,
        OrderJobs,
        OrderJournal,
        CardDisputes,
        SellerRecords,
        OrderAccess,
        OrderSteps,
        OrderLifecycleService,
        ClaimsService,
        OrderDeadlines,
        OrderRefunds,
        ProductEventsConsumer,
        AccountErasure,
        Ledger,
        SellerLedger,
        SellerLedgerService,
        PayoutsService,
        PayoutAccountsService,
        MoneySweep,
        { provide: OrderFunds, useClass: OrdersAsFunds },
        TestWebhooks,
        {
          // Stripe whenever a key is configured; the test-mode provider otherwise (config refuses that in production).
          provide: PaymentProvider,
          inject: [TestModeRepository, TestWebhooks],
          useFactory: (store: TestModeRepository, webhooks: TestWebhooks): PaymentProvider =>
            config.usesStripe ? new StripePaymentProvider(config) : new TestModePaymentProvider(store, webhooks),
        },
      ],
    };
  }
}

import { Module } from '@nestjs/common';
import { PaymentsConfig } from '../config/payments.config';
import { JobsModule } from '../jobs/jobs.module';
import { PaymentProvider } from './payment-provider';
import { ProviderEventsRepository } from './provider-events.repository';
import { StripePaymentProvider } from './stripe.provider';
import { TestModePaymentProvider } from './test-mode/test-mode.provider';
import { TestModeRepository } from './test-mode/test-mode.repository';
import { TestWebhooks } from './test-mode/test-webhooks';

@Module({
  imports: [JobsModule],
  providers: [
    ProviderEventsRepository,
    TestModeRepository,
    TestWebhooks,
    {
      // Stripe whenever a key is configured; the test-mode provider otherwise (config refuses that in production).
      provide: PaymentProvider,
      inject: [PaymentsConfig, TestModeRepository, TestWebhooks],
      useFactory: (config: PaymentsConfig, store: TestModeRepository, webhooks: TestWebhooks): PaymentProvider =>
        config.usesStripe ? new StripePaymentProvider(config) : new TestModePaymentProvider(store, webhooks),
    },
  ],
  exports: [PaymentProvider, ProviderEventsRepository, TestWebhooks],
})
export class ProvidersModule {}

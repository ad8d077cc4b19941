import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ErrorCode, type Done, type HandleWebhookRequest } from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import { JobQueue } from '../jobs/job-queue';
import { CardDisputes } from '../orders/card-disputes';
import { IntentSync } from '../checkout/intent-sync';
import { ProviderEventsRepository } from '../providers/provider-events.repository';
import { PayoutAccountsService } from '../payouts/payout-accounts.service';
import { InvalidWebhookSignature, PaymentProvider, type ProviderEvent } from '../providers/payment-provider';
import { TEST_WEBHOOK_DELIVERY, TestWebhooks, type TestWebhookDelivery } from '../providers/test-mode/test-webhooks';

const DONE: Done = { ok: true };

/** The provider's webhooks: each event verified, applied once, and handed to the part of payments it changes. */
@Injectable()
export class WebhooksService implements OnApplicationBootstrap {
  constructor(
    private readonly provider: PaymentProvider,
    private readonly intents: IntentSync,
    private readonly payoutAccounts: PayoutAccountsService,
    private readonly disputes: CardDisputes,
    private readonly providerEvents: ProviderEventsRepository,
    private readonly jobs: JobQueue,
    private readonly testWebhooks: TestWebhooks,
  ) {}

  /** In test mode, the provider's webhooks are delivered to this same handler by a durable job, as Stripe would POST them. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.provider.testMode) return;
    await this.testWebhooks.ready();
    await this.jobs.work<TestWebhookDelivery>(TEST_WEBHOOK_DELIVERY, async (delivery) => {
      await this.handleWebhook(delivery);
    });
  }

  /** A provider webhook: verified by the SDK, each event applied once. */
  async handleWebhook(request: HandleWebhookRequest): Promise<Done> {
    let event: ProviderEvent;
    try {
      event = this.provider.parseWebhook(request.payload, request.signature);
    } catch (error) {
      if (error instanceof InvalidWebhookSignature)
        throw new DomainError(ErrorCode.ValidationFailed, 'Invalid webhook signature');
      throw error;
    }
    const record = { provider: this.provider.name, id: event.id, type: event.type };
    if (event.intent) await this.intents.apply(event.intent, record);
    else if (event.account) await this.payoutAccounts.apply(event.account, event.created, record);
    else if (event.dispute) await this.disputes.apply(event.dispute, event.created, record);
    else await this.providerEvents.recordOnce(record);
    return DONE;
  }
}

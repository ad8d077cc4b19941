import Stripe from 'stripe';
import type { PaymentsConfig } from '../config/payments.config';
import {
  InvalidWebhookSignature, PaymentProvider, type CreateIntentInput, type ProviderEvent, type ProviderIntent,
  type ProviderIntentStatus,
} from './payment-provider';

/** Events that change an intent's state; every other type is recorded and ignored. */
const INTENT_EVENTS = new Set([
  'payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.requires_action',
  'payment_intent.canceled', 'payment_intent.processing',
]);

/** Stripe through its official SDK (used whenever STRIPE_SECRET_KEY is set). */
export class StripePaymentProvider extends PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(config: PaymentsConfig) {
    super();
    this.publishableKey = config.STRIPE_PUBLISHABLE_KEY;
    this.webhookSecret = config.STRIPE_WEBHOOK_SECRET;
    this.stripe = new Stripe(config.STRIPE_SECRET_KEY, {
      maxNetworkRetries: 2,
      timeout: 10_000,
      ...(config.STRIPE_API_HOST ? { host: config.STRIPE_API_HOST } : {}),
      ...(config.STRIPE_API_PORT ? { port: config.STRIPE_API_PORT } : {}),
      ...(config.STRIPE_API_PROTOCOL ? { protocol: config.STRIPE_API_PROTOCOL as 'http' | 'https' } : {}),
    });
  }

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: input.currency,
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        metadata: { orderId: input.orderId, productId: input.productId },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return toIntent(intent);
  }

  async retrieveIntent(id: string): Promise<ProviderIntent> {
    return toIntent(await this.stripe.paymentIntents.retrieve(id));
  }

  async refund(intentId: string, idempotencyKey: string): Promise<void> {
    await this.stripe.refunds.create({ payment_intent: intentId, reason: 'duplicate' }, { idempotencyKey });
  }

  async cancel(intentId: string): Promise<void> {
    await this.stripe.paymentIntents.cancel(intentId);
  }

  parseWebhook(payload: string, signature: string): ProviderEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(payload, signature, this.webhookSecret);
    } catch (error) {
      throw new InvalidWebhookSignature((error as Error).message);
    }
    const intent = INTENT_EVENTS.has(event.type) ? toIntent(event.data.object as Stripe.PaymentIntent) : null;
    return { id: event.id, type: event.type, intent };
  }
}

function toIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? null,
    amountCents: intent.amount,
    currency: intent.currency,
    status: intent.status as ProviderIntentStatus,
    lastError: intent.last_payment_error?.message ?? null,
    orderId: intent.metadata?.orderId ?? null,
  };
}

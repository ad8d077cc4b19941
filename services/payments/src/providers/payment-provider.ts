import type { PaymentProviderName } from '@souvenir/contracts';

/** Stripe's PaymentIntent statuses (the test-mode provider uses the same ones). */
export type ProviderIntentStatus =
  | 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'succeeded' | 'canceled';

/** A payment intent as the payments service needs it, whoever the provider. */
export interface ProviderIntent {
  id: string;
  clientSecret: string | null;
  amountCents: number;
  currency: string;
  status: ProviderIntentStatus;
  /** The last attempt's decline message, if it failed. */
  lastError: string | null;
  /** Our order id, carried in the intent's metadata. */
  orderId: string | null;
}

export interface CreateIntentInput {
  orderId: string;
  productId: string;
  amountCents: number;
  currency: string;
  /** Derived from the order id: a retried create answers the same intent and never charges twice. */
  idempotencyKey: string;
}

/** A verified webhook event; `intent` is null for event types we do not act on. */
export interface ProviderEvent {
  id: string;
  type: string;
  intent: ProviderIntent | null;
}

/** Raised when a webhook's signature does not verify (the gateway answers 400). */
export class InvalidWebhookSignature extends Error {}

/** One payment provider behind one interface: Stripe, or the built-in test mode. */
export abstract class PaymentProvider {
  abstract readonly name: PaymentProviderName;
  /** What the web app needs to render the provider's card form (Stripe's publishable key). */
  abstract readonly publishableKey: string | undefined;
  abstract createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  abstract retrieveIntent(id: string): Promise<ProviderIntent>;
  /** Refunds a succeeded intent in full; idempotent under the same key. */
  abstract refund(intentId: string, idempotencyKey: string): Promise<void>;
  /** Cancels an intent that has not succeeded. */
  abstract cancel(intentId: string): Promise<void>;
  /** Verifies and parses a webhook delivery; throws InvalidWebhookSignature. */
  abstract parseWebhook(payload: string, signature: string): ProviderEvent;
}

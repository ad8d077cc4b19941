import Stripe from 'stripe';
import type { PaymentsConfig } from '../config/payments.config';
import {
  InvalidWebhookSignature,
  PaymentProvider,
  TransferRefused,
  type AccountLinkInput,
  type CreateAccountInput,
  type CreateIntentInput,
  type CreateTransferInput,
  type ProviderAccount,
  type ProviderEvent,
  type ProviderIntent,
} from './payment-provider';
import { toAccount, toIntent, toProviderEvent } from './stripe-events';

/**
 * Invalid-request codes that a later attempt can get past (a lock held by a concurrent request, the same
 * idempotency key still in flight): everything else Stripe refuses at 400/403/404 refuses again on retry.
 */
const TRANSIENT_CODES = new Set(['lock_timeout', 'idempotency_key_in_use', 'rate_limit']);

/** Stripe through its official SDK (used whenever STRIPE_SECRET_KEY is set). */
export class StripePaymentProvider extends PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  /**
   * Stripe signs platform events and Connect events (account.updated of a seller's account) with the secret of the
   * endpoint that receives them, and a dashboard endpoint listens to one or the other: STRIPE_WEBHOOK_SECRET may
   * hold both secrets, comma-separated.
   */
  private readonly webhookSecrets: string[];

  /** `httpClient` replaces the SDK's HTTP layer (tests answer recorded Stripe responses through it). */
  constructor(config: PaymentsConfig, httpClient?: Stripe.HttpClient) {
    super();
    this.publishableKey = config.STRIPE_PUBLISHABLE_KEY;
    this.webhookSecrets = config.STRIPE_WEBHOOK_SECRET.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    this.stripe = new Stripe(config.STRIPE_SECRET_KEY, {
      maxNetworkRetries: 2,
      timeout: 10_000,
      ...(httpClient ? { httpClient } : {}),
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
        // Authorise only: the winner of the item is captured once the sale is recorded, the others are cancelled.
        capture_method: 'manual',
        metadata: { orderId: input.orderId, productId: input.productId },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return toIntent(intent);
  }

  async retrieveIntent(id: string): Promise<ProviderIntent> {
    return toIntent(await this.stripe.paymentIntents.retrieve(id));
  }

  async refund(intentId: string, idempotencyKey: string, amountCents?: number): Promise<void> {
    await this.stripe.refunds.create(
      { payment_intent: intentId, reason: 'duplicate', ...(amountCents !== undefined ? { amount: amountCents } : {}) },
      { idempotencyKey },
    );
  }

  async capture(intentId: string, idempotencyKey: string): Promise<ProviderIntent> {
    try {
      return toIntent(await this.stripe.paymentIntents.capture(intentId, {}, { idempotencyKey }));
    } catch (error) {
      // Already captured (under another key), cancelled, or its authorisation expired: answer its real state.
      if ((error as { code?: string }).code !== 'payment_intent_unexpected_state') throw error;
      return this.retrieveIntent(intentId);
    }
  }

  async cancel(intentId: string): Promise<ProviderIntent> {
    try {
      return toIntent(await this.stripe.paymentIntents.cancel(intentId));
    } catch (error) {
      // Stripe refuses to cancel a succeeded, processing or already cancelled intent: answer its real state.
      if ((error as { code?: string }).code !== 'payment_intent_unexpected_state') throw error;
      return this.retrieveIntent(intentId);
    }
  }

  parseWebhook(payload: string, signature: string): ProviderEvent {
    return toProviderEvent(this.verify(payload, signature));
  }

  // ── Connect ──────────────────────────────────────────────────────────────────────────────────────────────────

  async createAccount(input: CreateAccountInput): Promise<ProviderAccount> {
    const account = await this.stripe.accounts.create(
      {
        type: 'express',
        country: input.country,
        ...(input.email ? { email: input.email } : {}),
        // Buyers pay the platform (separate charges and transfers); card_payments is requested too because a US Express
        // account under the full service agreement gets transfers with it, and `charges_enabled` then tells, with
        // `payouts_enabled`, that Stripe has verified the seller (our rule for an active payout account).
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        metadata: { sellerId: input.sellerId },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return toAccount(account);
  }

  async retrieveAccount(accountId: string): Promise<ProviderAccount> {
    return toAccount(await this.stripe.accounts.retrieve(accountId));
  }

  async createAccountLink(accountId: string, input: AccountLinkInput): Promise<string> {
    const link = await this.stripe.accountLinks.create({
      account: accountId,
      type: 'account_onboarding',
      return_url: input.returnUrl,
      refresh_url: input.refreshUrl,
    });
    return link.url;
  }

  async createTransfer(input: CreateTransferInput): Promise<string> {
    try {
      const transfer = await this.stripe.transfers.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          destination: input.destination,
          source_transaction: input.sourceTransaction,
          transfer_group: input.transferGroup,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return transfer.id;
    } catch (error) {
      if (isPermanentRefusal(error)) {
        const { code, message } = error as Stripe.errors.StripeError;
        throw new TransferRefused(code ? `${code}: ${message}` : message);
      }
      throw error;
    }
  }

  async reverseTransfer(transferId: string, idempotencyKey: string): Promise<void> {
    try {
      await this.stripe.transfers.createReversal(transferId, {}, { idempotencyKey });
    } catch (error) {
      // A reversal made earlier under another key leaves nothing to reverse: Stripe refuses, but the goal is met.
      if (!isPermanentRefusal(error)) throw error;
      const transfer = await this.stripe.transfers.retrieve(transferId);
      if (!transfer.reversed) throw error;
    }
  }

  private verify(payload: string, signature: string): Stripe.Event {
    let failure: unknown = new Error('No webhook secret is configured');
    for (const secret of this.webhookSecrets) {
      try {
        return this.stripe.webhooks.constructEvent(payload, signature, secret);
      } catch (error) {
        failure = error;
      }
    }
    throw new InvalidWebhookSignature((failure as Error).message);
  }
}

/** Stripe refused the request itself (bad state, missing capability, no such object): sending it again gets the same answer. */
function isPermanentRefusal(error: unknown): boolean {
  if (!(
    error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripePermissionError
  ))
    return false;
  if (error.statusCode === 409 || error.statusCode === 429) return false;
  return !TRANSIENT_CODES.has(error.code ?? '');
}

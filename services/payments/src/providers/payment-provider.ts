import type {
  PaymentProviderName,
  TestCardDto,
  TestOnboardingDetailsDto,
  TestOnboardingDoneDto,
  TestOnboardingDto,
} from '@souvenir/contracts';
import type { TestCardOutcome } from './test-mode/test-cards';

/** Stripe's PaymentIntent statuses (the test-mode provider uses the same ones). */
export type ProviderIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

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
  /** The charge of an authorised or succeeded intent (Stripe's `latest_charge`): a transfer to the seller is linked to it. */
  chargeId: string | null;
  /** The last four digits of the card that authorised it, when the provider's answer carries them. */
  cardLast4?: string | null;
}

export interface CreateIntentInput {
  orderId: string;
  productId: string;
  amountCents: number;
  currency: string;
  /** Derived from the order id: a retried create answers the same intent and never charges twice. */
  idempotencyKey: string;
}

/** A seller's connected account (Stripe Connect Express) as payouts need it. */
export interface ProviderAccount {
  id: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  /** Stripe's `requirements.currently_due` (field paths such as `individual.dob.day`). */
  currentlyDue: string[];
  /** Stripe's `requirements.disabled_reason` (e.g. `requirements.past_due`, `rejected.fraud`), null when enabled. */
  disabledReason: string | null;
  /** The last four digits of the default bank account, once one is attached. */
  bankLast4: string | null;
}

export interface CreateAccountInput {
  sellerId: string;
  email: string | null;
  /** ISO 3166-1 alpha-2; the marketplace pays out in the US today. */
  country: string;
  /** Derived from the seller id: a retried create answers the same account. */
  idempotencyKey: string;
}

export interface AccountLinkInput {
  /** Where the provider sends the seller when onboarding is done (or left). */
  returnUrl: string;
  /** Where the provider sends the seller when the link has expired or was already used (we make a new one). */
  refreshUrl: string;
}

export interface CreateTransferInput {
  amountCents: number;
  currency: string;
  /** The seller's connected account. */
  destination: string;
  /** The buyer's charge: the transfer is funded by it (Stripe's `source_transaction`), never before it settles. */
  sourceTransaction: string;
  /** Our order id (Stripe's `transfer_group`): ties the charge, the transfer and any reversal together. */
  transferGroup: string;
  /** Derived from the order: a retried transfer never pays twice. */
  idempotencyKey: string;
}

/** A card dispute (chargeback) as the provider reports it. */
export interface ProviderDispute {
  id: string;
  chargeId: string;
  paymentIntentId: string | null;
  amountCents: number;
  /** Stripe's dispute status: `needs_response`, `under_review`, `won`, `lost`, … */
  status: string;
  reason: string;
}

/**
 * A verified webhook event; `intent`, `account` and `dispute` are set for the types we act on (null otherwise).
 * `created` (Unix seconds) orders deliveries: Stripe does not deliver in order, so an older state never overwrites a newer one.
 */
export interface ProviderEvent {
  id: string;
  type: string;
  created: number;
  intent: ProviderIntent | null;
  account: ProviderAccount | null;
  dispute: ProviderDispute | null;
}

/** The provider refused a transfer for a reason retrying will not fix (account restricted, balance insufficient…). */
export class TransferRefused extends Error {}

/** Raised when a webhook's signature does not verify (the gateway answers 400). */
export class InvalidWebhookSignature extends Error {}

/**
 * What only the built-in test mode offers, in place of Stripe's own pages: the card form's confirm step (Stripe.js)
 * and the hosted onboarding page. Callers ask the provider for it rather than for its class, so nothing outside
 * providers/ knows which provider runs.
 */
export interface TestModeCapability {
  /** The card form's confirm step, by the intent's client secret. */
  confirm(clientSecret: string, card: TestCardDto): Promise<{ intent: ProviderIntent; outcome: TestCardOutcome }>;
  /** What the onboarding page shows for a link. */
  onboardingPage(linkToken: string): Promise<TestOnboardingDto>;
  /** The onboarding page's submit; `mayChange` may refuse the caller before anything changes. */
  completeOnboarding(
    linkToken: string,
    details: TestOnboardingDetailsDto,
    mayChange?: (account: ProviderAccount) => Promise<void>,
  ): Promise<TestOnboardingDoneDto>;
}

/** One payment provider behind one interface: Stripe, or the built-in test mode. */
export abstract class PaymentProvider {
  abstract readonly name: PaymentProviderName;
  /** What the web app needs to render the provider's card form (Stripe's publishable key). */
  abstract readonly publishableKey: string | undefined;
  /** The test mode's own pages, or undefined with a real provider (its pages are the provider's). */
  get testMode(): TestModeCapability | undefined {
    return undefined;
  }
  /**
   * Creates an intent that only authorises the card (Stripe's `capture_method: 'manual'`): a confirmed payment stops
   * at `requires_capture`, and only the buyer who wins the item is captured; the others' authorisations are cancelled.
   */
  abstract createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  abstract retrieveIntent(id: string): Promise<ProviderIntent>;
  /** Refunds a succeeded intent, all of it or `amountCents` of it (a claim on some of a bundle's items); idempotent under the same key. */
  abstract refund(intentId: string, idempotencyKey: string, amountCents?: number): Promise<void>;
  /**
   * Takes the authorised amount of an intent in `requires_capture` and answers its state afterwards (`succeeded`);
   * idempotent under the same key. An intent already captured answers its state; one whose authorisation was
   * cancelled or expired answers `canceled`.
   */
  abstract capture(intentId: string, idempotencyKey: string): Promise<ProviderIntent>;
  /**
   * Cancels an intent that has not succeeded (releasing an authorisation: the card is never charged) and answers its
   * state afterwards: an intent that succeeded (or is processing) meanwhile cannot be cancelled, and the caller must
   * see that to refund it.
   */
  abstract cancel(intentId: string): Promise<ProviderIntent>;
  /** Verifies and parses a webhook delivery; throws InvalidWebhookSignature. */
  abstract parseWebhook(payload: string, signature: string): ProviderEvent;

  // ── Connect: sellers' payout accounts and transfers ──────────────────────────────────────────────────────────

  /** Creates an Express connected account for a seller (transfers capability). */
  abstract createAccount(input: CreateAccountInput): Promise<ProviderAccount>;
  abstract retrieveAccount(accountId: string): Promise<ProviderAccount>;
  /** A single-use onboarding link (Stripe's Account Link, type `account_onboarding`). */
  abstract createAccountLink(accountId: string, input: AccountLinkInput): Promise<string>;
  /** Pays a seller from a charge; answers the transfer id. Throws TransferRefused when retrying cannot help. */
  abstract createTransfer(input: CreateTransferInput): Promise<string>;
  /** Takes a transfer back in full (after a lost card dispute); idempotent under the same key. */
  abstract reverseTransfer(transferId: string, idempotencyKey: string): Promise<void>;
}

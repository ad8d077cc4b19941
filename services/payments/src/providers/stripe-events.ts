import type Stripe from 'stripe';
import type {
  ProviderAccount,
  ProviderDispute,
  ProviderEvent,
  ProviderIntent,
  ProviderIntentStatus,
} from './payment-provider';

/*
 * Stripe's objects read into the provider-neutral shapes. Shared by the Stripe adapter and by the test-mode
 * provider, whose webhooks carry the same objects, so both are read by one piece of code.
 */

/** Events that change an intent's state; every other type is recorded and ignored. */
const INTENT_EVENTS = new Set([
  'payment_intent.succeeded',
  // The card was authorised (capture_method manual): the sale is recorded, then the intent is captured.
  'payment_intent.amount_capturable_updated',
  'payment_intent.payment_failed',
  'payment_intent.requires_action',
  'payment_intent.canceled',
  'payment_intent.processing',
]);

/** A connected account's onboarding, verification or bank account changed (delivered to a Connect endpoint). */
const ACCOUNT_EVENTS = new Set(['account.updated']);

/** A card dispute on one of our (platform) charges opened, moved, or closed. */
const DISPUTE_EVENTS = new Set([
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
]);

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

export function toProviderEvent(event: Stripe.Event): ProviderEvent {
  const object = event.data.object as unknown;
  return {
    id: event.id,
    type: event.type,
    created: event.created,
    intent: INTENT_EVENTS.has(event.type) ? toIntent(object as Stripe.PaymentIntent) : null,
    account: ACCOUNT_EVENTS.has(event.type) ? toAccount(object as Stripe.Account) : null,
    dispute: DISPUTE_EVENTS.has(event.type) ? toDispute(object as Stripe.Dispute) : null,
  };
}

export function toIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? null,
    amountCents: intent.amount,
    currency: intent.currency,
    status: intent.status as ProviderIntentStatus,
    lastError: intent.last_payment_error?.message ?? null,
    orderId: intent.metadata?.orderId ?? null,
    chargeId: idOf(intent.latest_charge),
    // Only when the charge was expanded (webhook payloads carry its id alone): the order then shows no card digits.
    cardLast4:
      typeof intent.latest_charge === 'object'
        ? (intent.latest_charge?.payment_method_details?.card?.last4 ?? null)
        : null,
  };
}

/** The one place a Stripe account becomes ours (API answers and account.updated events alike). */
export function toAccount(account: Stripe.Account): ProviderAccount {
  const banks = account.external_accounts?.data ?? [];
  const bank = banks.find((b) => b.default_for_currency) ?? banks[0];
  return {
    id: account.id,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    detailsSubmitted: account.details_submitted ?? false,
    currentlyDue: account.requirements?.currently_due ?? [],
    disabledReason: account.requirements?.disabled_reason ?? null,
    bankLast4: bank?.last4 ?? null,
  };
}

export function toDispute(dispute: Stripe.Dispute): ProviderDispute {
  return {
    id: dispute.id,
    chargeId: idOf(dispute.charge) ?? '',
    paymentIntentId: idOf(dispute.payment_intent),
    amountCents: dispute.amount,
    status: dispute.status,
    reason: dispute.reason,
  };
}

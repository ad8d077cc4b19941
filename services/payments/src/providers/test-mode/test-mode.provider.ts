import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  PAYMENT_MESSAGES,
  type TestCardDto,
  type TestOnboardingDetailsDto,
  type TestOnboardingDoneDto,
  type TestOnboardingDto,
} from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
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
  type ProviderIntentStatus,
  type TestModeCapability,
} from '../payment-provider';
import { evaluateTestCard, type TestCardOutcome } from './test-cards';
import type { TestAccountEntity, TestAccountLinkEntity } from './test-connect.entities';
import type { TestIntentEntity } from './test-intent.entity';
import type { TestModeRepository } from './test-mode.repository';
import { verifyTestEvent, type TestWebhooks } from './test-webhooks';
import { toProviderEvent } from '../stripe-events';

/** What a new Express account must still give (Stripe's `requirements.currently_due` for an individual in the US). */
const ONBOARDING_DUE = [
  'individual.first_name',
  'individual.last_name',
  'individual.dob.day',
  'individual.address.line1',
  'external_account',
  'tos_acceptance.date',
];
/** Stripe's test values: this date of birth fails identity verification, this account number is refused by the bank. */
const FAILING_DOB = '1902-01-01';
const REFUSED_BANK_ACCOUNT = '000111111116';
/** Stripe's Account Links are short-lived; ours leave time to fill the form. */
const LINK_MINUTES = 30;

/** Intent states that have a charge: authorised (not captured yet) or captured. */
const CHARGED: ReadonlySet<ProviderIntentStatus> = new Set(['requires_capture', 'succeeded']);

const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');

/**
 * The built-in provider used when no Stripe key is configured (never in production). It follows Stripe's
 * test cards; intents live in Postgres so that every replica sees the same state.
 */
export class TestModePaymentProvider extends PaymentProvider implements TestModeCapability {
  readonly name = 'test' as const;
  readonly publishableKey = undefined;

  override get testMode(): TestModeCapability {
    return this;
  }

  constructor(
    private readonly store: TestModeRepository,
    private readonly webhooks: TestWebhooks,
  ) {
    super();
  }

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    const id = `pi_test_${token(18)}`;
    const row = await this.store.createIntentOnce({
      id,
      clientSecret: `${id}_secret_${token(18)}`,
      idempotencyKey: input.idempotencyKey,
      amountCents: input.amountCents,
      currency: input.currency,
      status: 'requires_payment_method',
      lastError: null,
      refunded: false,
      metadata: { orderId: input.orderId, productId: input.productId },
    });
    return toIntent(row);
  }

  async retrieveIntent(id: string): Promise<ProviderIntent> {
    const row = await this.store.findIntent(id);
    if (!row) throw DomainError.notFound('Payment');
    return toIntent(row);
  }

  /**
   * The card form's confirm step (what Stripe.js confirmCardPayment does against Stripe): like Stripe, it takes the
   * intent's client secret, which only the browser that started the checkout received; the intent id alone is not enough.
   */
  async confirm(
    clientSecret: string,
    card: TestCardDto,
  ): Promise<{ intent: ProviderIntent; outcome: TestCardOutcome }> {
    return this.store.transaction(async (store) => {
      const row = await store.lockIntentBySecret(clientSecret);
      if (!row) throw DomainError.notFound('Payment');
      if (row.status === 'succeeded' || row.status === 'requires_capture')
        return { intent: toIntent(row), outcome: { kind: 'succeeded' } as const };
      // Cancelled because the item was sold to someone else or removed.
      if (row.status === 'canceled')
        return {
          intent: toIntent(row),
          outcome: { kind: 'invalid', message: PAYMENT_MESSAGES.noLongerAvailable } as const,
        };
      const outcome = evaluateTestCard(card);
      if (outcome.kind === 'invalid') return { intent: toIntent(row), outcome };
      // Like Stripe with `capture_method: 'manual'`: a good card is authorised, and captured later by capture().
      row.status =
        outcome.kind === 'succeeded'
          ? 'requires_capture'
          : outcome.kind === 'requires_action'
            ? 'requires_action'
            : 'requires_payment_method';
      row.lastError = outcome.kind === 'declined' ? outcome.message : null;
      // Like Stripe's charge, the intent remembers the card's last four digits (a refund names the card).
      if (outcome.kind === 'succeeded') row.metadata = { ...row.metadata, cardLast4: lastFour(card.number) };
      await store.saveIntent(row);
      return { intent: toIntent(row), outcome };
    });
  }

  async capture(intentId: string): Promise<ProviderIntent> {
    await this.store.captureIntent(intentId);
    return this.retrieveIntent(intentId);
  }

  async refund(intentId: string, _idempotencyKey: string, amountCents?: number): Promise<void> {
    // Stripe would refund once per idempotency key; the count shows tests whether we ask once.
    await this.store.refundIntent(intentId, amountCents);
  }

  async cancel(intentId: string): Promise<ProviderIntent> {
    await this.store.cancelIntent(intentId);
    return this.retrieveIntent(intentId);
  }

  /** Verifies a delivery signed with the test-mode secret (test-webhooks.ts) and reads it like Stripe's. */
  parseWebhook(payload: string, signature: string): ProviderEvent {
    try {
      return toProviderEvent(verifyTestEvent(payload, signature));
    } catch (error) {
      throw new InvalidWebhookSignature((error as Error).message);
    }
  }

  // ── Connect, played locally ──────────────────────────────────────────────────────────────────────────────────

  async createAccount(input: CreateAccountInput): Promise<ProviderAccount> {
    const row = await this.store.createAccountOnce({
      id: `acct_test_${token(12)}`,
      idempotencyKey: input.idempotencyKey,
      email: input.email,
      details: null,
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
      currentlyDue: ONBOARDING_DUE,
      disabledReason: 'requirements.past_due',
      bankLast4: null,
    });
    return toAccount(row);
  }

  async retrieveAccount(accountId: string): Promise<ProviderAccount> {
    const row = await this.store.findAccount(accountId);
    if (!row) throw DomainError.notFound('Payout account');
    return toAccount(row);
  }

  /**
   * A single-use link to the local onboarding page, on the same site as the page that asked for it. It revokes the
   * account's older links: only the newest one the seller asked for works (under the account's row lock, so two
   * links made at once do not both stay alive).
   */
  async createAccountLink(accountId: string, { returnUrl, refreshUrl }: AccountLinkInput): Promise<string> {
    const linkToken = token(24);
    await this.store.transaction(async (store) => {
      await store.lockAccount(accountId);
      await store.revokeLinks(accountId);
      await store.insertLink({
        token: linkToken,
        accountId,
        returnUrl,
        refreshUrl,
        expiresAt: new Date(Date.now() + LINK_MINUTES * 60_000),
        usedAt: null,
      });
    });
    return `${new URL(returnUrl).origin}/payouts/test-onboarding/${linkToken}`;
  }

  async createTransfer(input: CreateTransferInput): Promise<string> {
    const account = await this.store.findAccount(input.destination);
    if (!account?.payoutsEnabled) throw new TransferRefused('The destination account cannot receive transfers');
    const transfer = await this.store.createTransferOnce({
      id: `tr_test_${token(12)}`,
      idempotencyKey: input.idempotencyKey,
      destination: input.destination,
      amountCents: input.amountCents,
      currency: input.currency,
      sourceTransaction: input.sourceTransaction,
      transferGroup: input.transferGroup,
      reversed: false,
    });
    return transfer.id;
  }

  async reverseTransfer(transferId: string): Promise<void> {
    await this.store.reverseTransfer(transferId);
  }

  /** What the onboarding page shows for a link. */
  async onboardingPage(linkToken: string): Promise<TestOnboardingDto> {
    const link = await this.store.findLink(linkToken);
    if (!link) throw DomainError.notFound('Onboarding link');
    const account = await this.accountOf(link);
    return { accountId: account.id, email: account.email, usable: usable(link) };
  }

  /**
   * The onboarding page's submit, judged the way Stripe judges test accounts, then `account.updated` is delivered
   * (signed, by a durable job) like Stripe's. The link is used up either way, unless `mayChange` (asked with the
   * account as it is, once the link is found usable) refuses the caller: then nothing changes.
   */
  async completeOnboarding(
    linkToken: string,
    details: TestOnboardingDetailsDto,
    mayChange: (account: ProviderAccount) => Promise<void> = async () => {},
  ): Promise<TestOnboardingDoneDto> {
    const dob = new Date(`${details.dateOfBirth}T00:00:00Z`);
    if (
      Number.isNaN(dob.getTime()) ||
      dob.toISOString().slice(0, 10) !== details.dateOfBirth ||
      ageOn(dob, new Date()) < 18
    ) {
      const message = 'You must be at least 18 and give a real date of birth';
      throw new DomainError(ErrorCode.ValidationFailed, message, [{ field: 'dateOfBirth', message }]);
    }
    return this.store.transaction(async (store, manager) => {
      const link = await store.lockLink(linkToken);
      if (!link) throw DomainError.notFound('Onboarding link');
      if (!usable(link))
        throw new DomainError(
          ErrorCode.Conflict,
          'This onboarding link has expired or was already used. Go back to Payouts to get a new one.',
        );
      const account = await this.accountOf(link, store);
      await mayChange(toAccount(account));
      link.usedAt = new Date();
      await store.saveLink(link);
      const identityFails = details.dateOfBirth === FAILING_DOB;
      const bankRefused = details.accountNumber === REFUSED_BANK_ACCOUNT;
      const due = [
        ...(identityFails ? ['individual.verification.document'] : []),
        ...(bankRefused ? ['external_account'] : []),
      ];
      Object.assign(account, {
        details: {
          legalName: details.legalName,
          city: details.city,
          postalCode: details.postalCode,
          routingNumber: details.routingNumber,
        },
        detailsSubmitted: true,
        chargesEnabled: !identityFails,
        payoutsEnabled: due.length === 0,
        currentlyDue: due,
        disabledReason: due.length ? 'requirements.past_due' : null,
        bankLast4: bankRefused ? null : details.accountNumber.slice(-4),
      });
      await store.saveAccount(account);
      await this.webhooks.send(manager, 'account.updated', stripeAccountObject(account));
      return { returnUrl: link.returnUrl };
    });
  }

  /** A link's account (links are only ever made for an existing account). */
  private async accountOf(link: TestAccountLinkEntity, store = this.store): Promise<TestAccountEntity> {
    const account = await store.findAccount(link.accountId);
    if (!account) throw new Error(`onboarding link of a missing account ${link.accountId}`);
    return account;
  }
}

function usable(link: TestAccountLinkEntity): boolean {
  return link.usedAt === null && link.expiresAt > new Date();
}

function ageOn(birth: Date, day: Date): number {
  const years = day.getUTCFullYear() - birth.getUTCFullYear();
  const hadBirthday =
    day.getUTCMonth() > birth.getUTCMonth() ||
    (day.getUTCMonth() === birth.getUTCMonth() && day.getUTCDate() >= birth.getUTCDate());
  return hadBirthday ? years : years - 1;
}

/** The account as Stripe's API shows it (the webhook's `data.object`). */
function stripeAccountObject(row: TestAccountEntity): object {
  return {
    id: row.id,
    object: 'account',
    type: 'express',
    country: 'US',
    default_currency: 'usd',
    email: row.email,
    charges_enabled: row.chargesEnabled,
    payouts_enabled: row.payoutsEnabled,
    details_submitted: row.detailsSubmitted,
    requirements: {
      currently_due: row.currentlyDue,
      eventually_due: row.currentlyDue,
      past_due: row.currentlyDue,
      disabled_reason: row.disabledReason,
    },
    external_accounts: {
      object: 'list',
      url: `/v1/accounts/${row.id}/external_accounts`,
      has_more: false,
      data: row.bankLast4
        ? [
            {
              id: `ba_test_${row.id.slice(-8)}`,
              object: 'bank_account',
              last4: row.bankLast4,
              currency: 'usd',
              country: 'US',
            },
          ]
        : [],
    },
    metadata: {},
  };
}

function toAccount(row: TestAccountEntity): ProviderAccount {
  return {
    id: row.id,
    chargesEnabled: row.chargesEnabled,
    payoutsEnabled: row.payoutsEnabled,
    detailsSubmitted: row.detailsSubmitted,
    currentlyDue: row.currentlyDue,
    disabledReason: row.disabledReason,
    bankLast4: row.bankLast4,
  };
}

function toIntent(row: TestIntentEntity): ProviderIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
    lastError: row.lastError,
    orderId: row.metadata.orderId ?? null,
    // One charge per authorised or succeeded intent, named after it (Stripe's `latest_charge`).
    chargeId: CHARGED.has(row.status) ? `ch_${row.id.slice('pi_'.length)}` : null,
    cardLast4: row.metadata.cardLast4 ?? null,
  };
}

const lastFour = (number: string | undefined) => (number ?? '').replace(/\D/g, '').slice(-4);

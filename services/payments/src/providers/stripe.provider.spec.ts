import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Stripe from 'stripe';
import { PaymentsConfig } from '../config/payments.config';
import { InvalidWebhookSignature, TransferRefused } from './payment-provider';
import { StripePaymentProvider } from './stripe.provider';

/*
 * The adapter against the real SDK: only its HTTP layer is replaced, by one that records each request and answers
 * Stripe's recorded responses (stripe-fixtures/). What is checked is what Stripe would receive and what we make of
 * what it answers.
 */

const WEBHOOK_SECRET = 'whsec_platform_test';
const CONNECT_WEBHOOK_SECRET = 'whsec_connect_test';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixtures are plain JSON
type Json = any;
const fixture = (name: string): Json =>
  JSON.parse(readFileSync(join(__dirname, 'stripe-fixtures', `${name}.json`), 'utf8'));
const stripeError = (name: string): Json => fixture('errors')[name];

interface RecordedRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
}
type Answer = { status: number; body: unknown; headers?: Record<string, string> } | { networkError: string };

class RecordedResponse extends Stripe.HttpClientResponse {
  constructor(
    status: number,
    headers: Record<string, string>,
    private readonly body: string,
  ) {
    super(status, headers);
  }
  /** The SDK hangs the response headers on this object (`lastResponse`): it must be an object. */
  override getRawResponse(): unknown {
    return { body: this.body };
  }
  override toStream(): unknown {
    throw new Error('streams are not recorded');
  }
  override toJSON(): Promise<unknown> {
    return Promise.resolve(this._parseResponseBody(this.body));
  }
}

/** Stands in for api.stripe.com: records every request and replays the queued answers in order. */
class RecordingHttpClient extends Stripe.HttpClient {
  readonly requests: RecordedRequest[] = [];
  private readonly answers: Answer[] = [];

  answer(status: number, body: unknown, headers?: Record<string, string>): this {
    this.answers.push({ status, body, headers });
    return this;
  }

  failNetwork(code = 'ECONNREFUSED'): this {
    this.answers.push({ networkError: code });
    return this;
  }

  override getClientName(): string {
    return 'recorded';
  }

  override async makeRequest(
    _host: string,
    _port: string,
    path: string,
    method: string,
    headers: Record<string, unknown>,
    requestData: string,
  ): Promise<RecordedResponse> {
    const key = Object.entries(headers).find(([name]) => name.toLowerCase() === 'idempotency-key')?.[1];
    const [pathname, query] = path.split('?');
    this.requests.push({
      method,
      path: pathname,
      form: new URLSearchParams(method === 'GET' ? (query ?? '') : requestData),
      idempotencyKey: key as string | undefined,
    });
    const next = this.answers.shift();
    if (!next) throw new Error(`No recorded answer for ${method} ${path}`);
    if ('networkError' in next)
      throw Object.assign(new Error(`connect ${next.networkError}`), { code: next.networkError });
    return new RecordedResponse(
      next.status,
      { 'request-id': `req_${this.requests.length}`, ...next.headers },
      JSON.stringify(next.body),
    );
  }
}

function config(webhookSecret = WEBHOOK_SECRET): PaymentsConfig {
  return Object.assign(new PaymentsConfig(), {
    STRIPE_SECRET_KEY: 'sk_test_recorded',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_recorded',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
  });
}

function setup(webhookSecret?: string) {
  const http = new RecordingHttpClient();
  return { http, provider: new StripePaymentProvider(config(webhookSecret), http) };
}

const sign = (payload: string, secret = WEBHOOK_SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

const transferInput = {
  amountCents: 1799,
  currency: 'usd',
  destination: 'acct_1QfX8yPq3RsT7uVw',
  sourceTransaction: 'ch_3QfXaZLkdIwHu7ix0mJq8Rts',
  transferGroup: '0b9e3c4d-7a1f-4e2b-8c5d-6f9a0e1b2c3d',
  idempotencyKey: 'transfer-0b9e3c4d-7a1f-4e2b-8c5d-6f9a0e1b2c3d',
};

describe('StripePaymentProvider (real SDK, recorded Stripe responses)', () => {
  describe('payment intents', () => {
    it("maps a succeeded intent's latest charge, whether Stripe sends its id or the expanded charge", async () => {
      const { http, provider } = setup();
      const intent = fixture('payment_intent');
      http.answer(200, intent).answer(200, {
        ...intent,
        latest_charge: {
          id: 'ch_3QfXaZLkdIwHu7ix0mJq8Rts',
          object: 'charge',
          amount: 1999,
          payment_method_details: { type: 'card', card: { last4: '4242' } },
        },
      });

      const expected = {
        id: 'pi_3QfXaZLkdIwHu7ix0aBcDeFg',
        clientSecret: 'pi_3QfXaZLkdIwHu7ix0aBcDeFg_secret_Vt4mXq8ZpL2bRk9sYc1n',
        amountCents: 1999,
        currency: 'usd',
        status: 'succeeded',
        lastError: null,
        orderId: '0b9e3c4d-7a1f-4e2b-8c5d-6f9a0e1b2c3d',
        chargeId: 'ch_3QfXaZLkdIwHu7ix0mJq8Rts',
      };
      // The card's last four digits come only with the expanded charge; an id alone says nothing of the card.
      expect(await provider.retrieveIntent('pi_3QfXaZLkdIwHu7ix0aBcDeFg')).toEqual({ ...expected, cardLast4: null });
      expect(await provider.retrieveIntent('pi_3QfXaZLkdIwHu7ix0aBcDeFg')).toEqual({ ...expected, cardLast4: '4242' });
      expect(http.requests.map((r) => `${r.method} ${r.path}`)).toEqual(
        Array(2).fill('GET /v1/payment_intents/pi_3QfXaZLkdIwHu7ix0aBcDeFg'),
      );
    });

    it('has no charge before the intent is paid', async () => {
      const { http, provider } = setup();
      http.answer(200, {
        ...fixture('payment_intent'),
        status: 'requires_payment_method',
        latest_charge: null,
        amount_received: 0,
      });
      expect(await provider.retrieveIntent('pi_3QfXaZLkdIwHu7ix0aBcDeFg')).toMatchObject({
        status: 'requires_payment_method',
        chargeId: null,
      });
    });
  });

  describe('authorise, then capture the winner', () => {
    const ORDER = '0b9e3c4d-7a1f-4e2b-8c5d-6f9a0e1b2c3d';
    const authorised = () => ({
      ...fixture('payment_intent'),
      capture_method: 'manual',
      status: 'requires_capture',
      amount_capturable: 1999,
      amount_received: 0,
    });
    const unexpectedState = (status: string) => ({
      error: {
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent could not be captured because it has a status of ${status}.`,
        type: 'invalid_request_error',
      },
    });

    it('creates intents that only authorise the card (capture_method manual), under the caller key', async () => {
      const { http, provider } = setup();
      http.answer(200, { ...authorised(), status: 'requires_payment_method', latest_charge: null });
      await provider.createIntent({
        orderId: ORDER,
        productId: '9f8e7d6c-5b4a-4392-8170-6e5d4c3b2a19',
        amountCents: 1999,
        currency: 'usd',
        idempotencyKey: `order-${ORDER}`,
      });
      const [create] = http.requests;
      expect(`${create.method} ${create.path}`).toBe('POST /v1/payment_intents');
      expect(create.form.get('capture_method')).toBe('manual');
      expect(create.form.get('amount')).toBe('1999');
      expect(create.form.get('metadata[orderId]')).toBe(ORDER);
      expect(create.idempotencyKey).toBe(`order-${ORDER}`);
    });

    it('maps an authorised intent with its charge, and captures it under the idempotency key', async () => {
      const { http, provider } = setup();
      http.answer(200, authorised()).answer(200, fixture('payment_intent'));
      expect(await provider.retrieveIntent('pi_3QfXaZLkdIwHu7ix0aBcDeFg')).toMatchObject({
        status: 'requires_capture',
        chargeId: 'ch_3QfXaZLkdIwHu7ix0mJq8Rts',
      });
      expect(await provider.capture('pi_3QfXaZLkdIwHu7ix0aBcDeFg', `capture-${ORDER}`)).toMatchObject({
        status: 'succeeded',
        chargeId: 'ch_3QfXaZLkdIwHu7ix0mJq8Rts',
      });
      const capture = http.requests[1];
      expect(`${capture.method} ${capture.path}`).toBe('POST /v1/payment_intents/pi_3QfXaZLkdIwHu7ix0aBcDeFg/capture');
      expect(capture.idempotencyKey).toBe(`capture-${ORDER}`);
    });

    it('answers the real state when the intent was captured already or its authorisation was cancelled', async () => {
      const { http, provider } = setup();
      http
        .answer(400, unexpectedState('succeeded'))
        .answer(200, fixture('payment_intent'))
        .answer(400, unexpectedState('canceled'))
        .answer(200, { ...authorised(), status: 'canceled', cancellation_reason: 'automatic', amount_capturable: 0 });
      expect(await provider.capture('pi_3QfXaZLkdIwHu7ix0aBcDeFg', 'k1')).toMatchObject({ status: 'succeeded' });
      expect(await provider.capture('pi_3QfXaZLkdIwHu7ix0aBcDeFg', 'k2')).toMatchObject({ status: 'canceled' });
    });

    it('lets a lock timeout through for the job to retry the capture', async () => {
      const { http, provider } = setup();
      http.answer(400, stripeError('lock_timeout'));
      await expect(provider.capture('pi_3QfXaZLkdIwHu7ix0aBcDeFg', 'k')).rejects.toMatchObject({
        code: 'lock_timeout',
      });
    });

    it("cancels a loser's authorisation (the card is never charged)", async () => {
      const { http, provider } = setup();
      http.answer(200, { ...authorised(), status: 'canceled', cancellation_reason: 'requested_by_customer' });
      expect(await provider.cancel('pi_3QfXaZLkdIwHu7ix0aBcDeFg')).toMatchObject({ status: 'canceled' });
      expect(http.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /v1/payment_intents/pi_3QfXaZLkdIwHu7ix0aBcDeFg/cancel',
      ]);
    });

    it('maps payment_intent.amount_capturable_updated (the card authorised) as an intent event', () => {
      const { provider } = setup();
      const payload = JSON.stringify({
        id: 'evt_3QfXbBLkdIwHu7ix1Ydq5sTm',
        object: 'event',
        api_version: '2026-10-28.endive',
        created: 1764108002,
        data: { object: authorised() },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: 'payment_intent.amount_capturable_updated',
      });
      expect(provider.parseWebhook(payload, sign(payload))).toMatchObject({
        type: 'payment_intent.amount_capturable_updated',
        intent: { id: 'pi_3QfXaZLkdIwHu7ix0aBcDeFg', status: 'requires_capture', orderId: ORDER },
      });
    });
  });

  describe('connected accounts', () => {
    it('creates an Express account that may only receive transfers, idempotently, and maps what is still due', async () => {
      const { http, provider } = setup();
      http.answer(200, fixture('account'));

      const account = await provider.createAccount({
        sellerId: '5b0e7c1a-3f52-4e8b-9d61-2a7f4c9e8b10',
        email: 'satoshi@example.com',
        country: 'US',
        idempotencyKey: 'payout-account-5b0e7c1a',
      });

      const [request] = http.requests;
      expect(request).toMatchObject({
        method: 'POST',
        path: '/v1/accounts',
        idempotencyKey: 'payout-account-5b0e7c1a',
      });
      expect(Object.fromEntries(request.form)).toEqual({
        type: 'express',
        country: 'US',
        email: 'satoshi@example.com',
        'capabilities[card_payments][requested]': 'true',
        'capabilities[transfers][requested]': 'true',
        'metadata[sellerId]': '5b0e7c1a-3f52-4e8b-9d61-2a7f4c9e8b10',
      });
      expect(account).toEqual({
        id: 'acct_1QfX8yPq3RsT7uVw',
        chargesEnabled: false,
        payoutsEnabled: false,
        detailsSubmitted: false,
        currentlyDue: [
          'business_profile.mcc',
          'business_profile.url',
          'business_type',
          'external_account',
          'representative.first_name',
          'representative.last_name',
          'tos_acceptance.date',
          'tos_acceptance.ip',
        ],
        disabledReason: 'requirements.past_due',
        bankLast4: null,
      });
    });

    it('leaves the email out when the seller has none (Stripe asks for it during onboarding)', async () => {
      const { http, provider } = setup();
      http.answer(200, { ...fixture('account'), email: null });
      await provider.createAccount({ sellerId: 's1', email: null, country: 'US', idempotencyKey: 'k1' });
      expect(http.requests[0].form.has('email')).toBe(false);
    });

    it('retrieves an account; a verified one with a bank account maps its last four digits', async () => {
      const { http, provider } = setup();
      http.answer(200, fixture('event-account.updated').data.object);
      expect(await provider.retrieveAccount('acct_1QfX8yPq3RsT7uVw')).toEqual({
        id: 'acct_1QfX8yPq3RsT7uVw',
        chargesEnabled: false,
        payoutsEnabled: true,
        detailsSubmitted: true,
        currentlyDue: [],
        disabledReason: null,
        bankLast4: '6789',
      });
      expect(http.requests[0]).toMatchObject({ method: 'GET', path: '/v1/accounts/acct_1QfX8yPq3RsT7uVw' });
    });

    it('creates a single-use onboarding link with where to return and where to ask for a fresh one', async () => {
      const { http, provider } = setup();
      http.answer(200, fixture('account_link'));
      const url = await provider.createAccountLink('acct_1QfX8yPq3RsT7uVw', {
        returnUrl: 'https://souvenir.example/account/payouts?onboarding=done',
        refreshUrl: 'https://souvenir.example/account/payouts?onboarding=expired',
      });
      expect(url).toBe('https://connect.stripe.com/setup/e/acct_1QfX8yPq3RsT7uVw/Wq3xTbVfK9mZ');
      expect(http.requests[0]).toMatchObject({ method: 'POST', path: '/v1/account_links' });
      expect(Object.fromEntries(http.requests[0].form)).toEqual({
        account: 'acct_1QfX8yPq3RsT7uVw',
        type: 'account_onboarding',
        return_url: 'https://souvenir.example/account/payouts?onboarding=done',
        refresh_url: 'https://souvenir.example/account/payouts?onboarding=expired',
      });
    });
  });

  describe('transfers', () => {
    it("pays the seller from the buyer's charge, in the order's transfer group, under the caller's idempotency key", async () => {
      const { http, provider } = setup();
      http.answer(200, fixture('transfer'));

      expect(await provider.createTransfer(transferInput)).toBe('tr_1QfY2aLkdIwHu7ixNCZvFdgA');
      const [request] = http.requests;
      expect(request).toMatchObject({
        method: 'POST',
        path: '/v1/transfers',
        idempotencyKey: transferInput.idempotencyKey,
      });
      expect(Object.fromEntries(request.form)).toEqual({
        amount: '1799',
        currency: 'usd',
        destination: 'acct_1QfX8yPq3RsT7uVw',
        source_transaction: 'ch_3QfXaZLkdIwHu7ix0mJq8Rts',
        transfer_group: '0b9e3c4d-7a1f-4e2b-8c5d-6f9a0e1b2c3d',
      });
    });

    it.each([
      ['balance_insufficient', 400, 'balance_insufficient: You have insufficient available funds'],
      ['transfers_not_allowed', 400, 'transfers_not_allowed: The requested transfer cannot be created'],
      [
        'insufficient_capabilities',
        400,
        'Your destination account needs to have at least one of the following capabilities enabled',
      ],
      ['account_invalid', 403, 'account_invalid: The provided key'],
    ])('refuses for good when Stripe answers %s (%i): retrying cannot fix it', async (name, status, message) => {
      const { http, provider } = setup();
      http.answer(status, stripeError(name));
      const error = await provider.createTransfer(transferInput).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransferRefused);
      expect((error as Error).message).toContain(message);
      expect(http.requests).toHaveLength(1);
    });

    it('lets a rate limit and a lock timeout through for the caller to retry', async () => {
      const { http, provider } = setup();
      http
        .answer(429, stripeError('rate_limit'))
        .answer(400, stripeError('lock_timeout'), { 'stripe-should-retry': 'false' });
      const limited = await provider.createTransfer(transferInput).catch((e: unknown) => e);
      expect(limited).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
      const locked = await provider.createTransfer(transferInput).catch((e: unknown) => e);
      expect(locked).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(locked).not.toBeInstanceOf(TransferRefused);
    });

    it('retries a 500 under the same idempotency key (the SDK does), so a transfer that went through is never paid twice', async () => {
      const { http, provider } = setup();
      http.answer(500, stripeError('api_error')).answer(200, fixture('transfer'));
      expect(await provider.createTransfer(transferInput)).toBe('tr_1QfY2aLkdIwHu7ixNCZvFdgA');
      expect(http.requests.map((r) => r.idempotencyKey)).toEqual([
        transferInput.idempotencyKey,
        transferInput.idempotencyKey,
      ]);
    });

    it('lets Stripe outages and network failures through once the SDK has retried', async () => {
      const { http, provider } = setup();
      http.answer(500, stripeError('api_error'), { 'stripe-should-retry': 'false' });
      const outage = await provider.createTransfer(transferInput).catch((e: unknown) => e);
      expect(outage).toBeInstanceOf(Stripe.errors.StripeAPIError);

      http.failNetwork().failNetwork().failNetwork();
      const offline = await provider.createTransfer(transferInput).catch((e: unknown) => e);
      expect(offline).toBeInstanceOf(Stripe.errors.StripeConnectionError);
      expect(http.requests).toHaveLength(4);
    });

    it('reverses a transfer in full under the idempotency key', async () => {
      const { http, provider } = setup();
      http.answer(200, fixture('transfer_reversal'));
      await provider.reverseTransfer('tr_1QfY2aLkdIwHu7ixNCZvFdgA', 'reverse-dp_1QfZ4cLkdIwHu7ixKx8Yv2Lm');
      expect(http.requests).toEqual([
        {
          method: 'POST',
          path: '/v1/transfers/tr_1QfY2aLkdIwHu7ixNCZvFdgA/reversals',
          form: new URLSearchParams(''),
          idempotencyKey: 'reverse-dp_1QfZ4cLkdIwHu7ixKx8Yv2Lm',
        },
      ]);
    });

    it('treats a transfer that is already fully reversed as done', async () => {
      const { http, provider } = setup();
      http.answer(400, stripeError('transfer_already_reversed')).answer(200, fixture('transfer-reversed'));
      await expect(provider.reverseTransfer('tr_1QfY2aLkdIwHu7ixNCZvFdgA', 'reverse-2')).resolves.toBeUndefined();
      expect(http.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /v1/transfers/tr_1QfY2aLkdIwHu7ixNCZvFdgA/reversals',
        'GET /v1/transfers/tr_1QfY2aLkdIwHu7ixNCZvFdgA',
      ]);
    });

    it('rethrows a refused reversal when the transfer is not reversed (e.g. the seller balance cannot cover it)', async () => {
      const { http, provider } = setup();
      http.answer(400, stripeError('balance_insufficient')).answer(200, fixture('transfer'));
      const error = await provider.reverseTransfer('tr_1QfY2aLkdIwHu7ixNCZvFdgA', 'reverse-3').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect((error as Stripe.errors.StripeError).code).toBe('balance_insufficient');
    });
  });

  describe('webhooks', () => {
    it('verifies and maps account.updated (a Connect event), with its time', () => {
      const { provider } = setup();
      const payload = JSON.stringify(fixture('event-account.updated'));
      expect(provider.parseWebhook(payload, sign(payload))).toEqual({
        id: 'evt_1QfYk3Pq3RsT7uVwMr7bLx2Q',
        type: 'account.updated',
        created: 1764022500,
        intent: null,
        dispute: null,
        account: {
          id: 'acct_1QfX8yPq3RsT7uVw',
          chargesEnabled: false,
          payoutsEnabled: true,
          detailsSubmitted: true,
          currentlyDue: [],
          disabledReason: null,
          bankLast4: '6789',
        },
      });
    });

    it('maps a dispute opened and the same dispute closed as lost', () => {
      const { provider } = setup();
      const created = JSON.stringify(fixture('event-charge.dispute.created'));
      const closed = JSON.stringify(fixture('event-charge.dispute.closed'));
      const dispute = {
        id: 'dp_1QfZ4cLkdIwHu7ixKx8Yv2Lm',
        chargeId: 'ch_3QfXaZLkdIwHu7ix0mJq8Rts',
        paymentIntentId: 'pi_3QfXaZLkdIwHu7ix0aBcDeFg',
        amountCents: 1999,
        reason: 'fraudulent',
      };
      expect(provider.parseWebhook(created, sign(created))).toEqual({
        id: 'evt_1QfZ4dLkdIwHu7ixQ9pWm3Tz',
        type: 'charge.dispute.created',
        created: 1764367201,
        intent: null,
        account: null,
        dispute: { ...dispute, status: 'needs_response' },
      });
      expect(provider.parseWebhook(closed, sign(closed))).toMatchObject({
        type: 'charge.dispute.closed',
        created: 1765238400,
        dispute: { ...dispute, status: 'lost' },
      });
    });

    it.each(['charge.dispute.updated', 'charge.dispute.funds_withdrawn', 'charge.dispute.funds_reinstated'])(
      'maps %s; a dispute without a payment intent, or with its charge expanded, still names the charge',
      (type) => {
        const { provider } = setup();
        const event = fixture('event-charge.dispute.created');
        event.type = type;
        event.data.object.payment_intent = null;
        event.data.object.charge = { id: 'ch_3QfXaZLkdIwHu7ix0mJq8Rts', object: 'charge', amount: 1999 };
        const payload = JSON.stringify(event);
        expect(provider.parseWebhook(payload, sign(payload)).dispute).toMatchObject({
          chargeId: 'ch_3QfXaZLkdIwHu7ix0mJq8Rts',
          paymentIntentId: null,
        });
      },
    );

    it('keeps mapping payment intent events, with the charge', () => {
      const { provider } = setup();
      const payload = JSON.stringify({
        id: 'evt_3QfXbBLkdIwHu7ix1Ydq5sTn',
        object: 'event',
        api_version: '2026-10-28.endive',
        created: 1764108003,
        data: { object: fixture('payment_intent') },
        livemode: false,
        pending_webhooks: 1,
        request: { id: 'req_Ab3Cd5Ef7Gh9Ij', idempotency_key: 'b6b4c1f2-5a3e-4c1d-9e8f-0a1b2c3d4e5f' },
        type: 'payment_intent.succeeded',
      });
      expect(provider.parseWebhook(payload, sign(payload))).toMatchObject({
        type: 'payment_intent.succeeded',
        created: 1764108003,
        account: null,
        dispute: null,
        intent: { id: 'pi_3QfXaZLkdIwHu7ix0aBcDeFg', status: 'succeeded', chargeId: 'ch_3QfXaZLkdIwHu7ix0mJq8Rts' },
      });
    });

    it('records other event types without a mapped object', () => {
      const { provider } = setup();
      const payload = JSON.stringify({ ...fixture('event-charge.dispute.created'), type: 'charge.updated' });
      expect(provider.parseWebhook(payload, sign(payload))).toMatchObject({
        type: 'charge.updated',
        intent: null,
        account: null,
        dispute: null,
      });
    });

    it('refuses a bad signature, a tampered payload, and another secret', () => {
      const { provider } = setup();
      const payload = JSON.stringify(fixture('event-charge.dispute.created'));
      expect(() => provider.parseWebhook(payload, 't=1764367201,v1=0000')).toThrow(InvalidWebhookSignature);
      expect(() => provider.parseWebhook(payload.replace('1999', '1'), sign(payload))).toThrow(InvalidWebhookSignature);
      expect(() => provider.parseWebhook(payload, sign(payload, 'whsec_someone_else'))).toThrow(
        InvalidWebhookSignature,
      );
    });

    it('accepts events signed by either of two configured endpoint secrets (platform and Connect endpoints)', () => {
      const { provider } = setup(`${WEBHOOK_SECRET}, ${CONNECT_WEBHOOK_SECRET}`);
      const dispute = JSON.stringify(fixture('event-charge.dispute.created'));
      const account = JSON.stringify(fixture('event-account.updated'));
      expect(provider.parseWebhook(dispute, sign(dispute, WEBHOOK_SECRET)).type).toBe('charge.dispute.created');
      expect(provider.parseWebhook(account, sign(account, CONNECT_WEBHOOK_SECRET)).type).toBe('account.updated');
      expect(() => provider.parseWebhook(account, sign(account, 'whsec_someone_else'))).toThrow(
        InvalidWebhookSignature,
      );
    });
  });
});

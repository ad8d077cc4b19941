import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const STUB_WEBHOOK_SECRET = 'whsec_test_secret';

export interface StubIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: null | { message: string };
  /** Set (to a `ch_…`) once the intent has succeeded, as Stripe does. */
  latest_charge: string | null;
}
export interface StubAccount {
  id: string;
  object: 'account';
  type: 'express';
  country: string;
  email: string | null;
  metadata: Record<string, string>;
  capabilities: { transfers: 'inactive' | 'pending' | 'active' };
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements: {
    currently_due: string[];
    eventually_due: string[];
    past_due: string[];
    disabled_reason: string | null;
  };
  external_accounts: {
    object: 'list';
    data: Array<{ id: string; object: 'bank_account'; last4: string; default_for_currency: boolean }>;
  };
}
export interface StubTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  currency: string;
  destination: string;
  source_transaction: string | null;
  transfer_group: string | null;
  reversed: boolean;
}
export interface StubDispute {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string | null;
  reason: string;
  status: string;
}
export interface StubCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}
interface StubError {
  type: string;
  code?: string;
  message: string;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const ONBOARDING_DUE = [
  'business_type',
  'external_account',
  'individual.dob.day',
  'individual.first_name',
  'individual.last_name',
  'tos_acceptance.date',
];

/**
 * A local stand-in for api.stripe.com: the PaymentIntent, Refund and Connect (account, account link, transfer,
 * reversal) calls the adapter makes, with idempotency keys.
 */
export class StripeStub {
  readonly intents = new Map<string, StubIntent>();
  readonly accounts = new Map<string, StubAccount>();
  readonly transfers = new Map<string, StubTransfer>();
  readonly calls: StubCall[] = [];
  /** When set, every POST /v1/transfers answers this error (e.g. 400 balance_insufficient, or 500 with retries). */
  transferFailure: { status: number; error: StubError } | null = null;
  private readonly byKey = new Map<string, string>();
  /** Successful answers of the Connect POSTs, replayed for a repeated idempotency key as Stripe does (failures are not kept, so a test can clear `transferFailure` and retry). */
  private readonly replies = new Map<string, { status: number; json: unknown }>();
  private server!: Server;
  port = 0;

  async start() {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const path = (req.url ?? '').split('?')[0];
        this.calls.push({ method: req.method ?? '', path, headers: req.headers, form });
        const key = req.headers['idempotency-key'] as string | undefined;
        const send = (status: number, json: unknown) => {
          res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': 'req_stub' });
          res.end(JSON.stringify(json));
        };
        if (req.method === 'POST' && path === '/v1/payment_intents') {
          const existing = key ? this.byKey.get(key) : undefined;
          if (existing) return send(200, withCharge(this.intents.get(existing)!));
          const id = `pi_${hex(8)}`;
          const intent: StubIntent = {
            id,
            object: 'payment_intent',
            amount: Number(form.get('amount')),
            currency: form.get('currency') ?? '',
            status: 'requires_payment_method',
            client_secret: `${id}_secret_stub`,
            metadata: bracketed(form, 'metadata'),
            last_payment_error: null,
            latest_charge: null,
          };
          this.intents.set(id, intent);
          if (key) this.byKey.set(key, id);
          return send(200, intent);
        }
        const one = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path);
        if (one) {
          const intent = this.intents.get(one[1]);
          if (!intent) return send(404, missing('payment_intent', one[1]));
          if (one[2] && intent.status === 'succeeded') {
            return send(400, {
              error: {
                type: 'invalid_request_error',
                code: 'payment_intent_unexpected_state',
                message: 'This PaymentIntent could not be canceled',
              },
            });
          }
          if (one[2]) intent.status = 'canceled';
          return send(200, withCharge(intent));
        }
        if (req.method === 'POST' && path === '/v1/refunds') {
          return send(200, {
            id: `re_${hex(6)}`,
            object: 'refund',
            payment_intent: form.get('payment_intent'),
            status: 'succeeded',
          });
        }
        const replayed = req.method === 'POST' && key ? this.replies.get(key) : undefined;
        if (replayed) return send(replayed.status, replayed.json);
        const answer = this.connect(req.method ?? '', path, form);
        if (answer) {
          if (req.method === 'POST' && key && answer.status < 300) this.replies.set(key, answer);
          return send(answer.status, answer.json);
        }
        send(404, {
          error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` },
        });
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The environment that points the payments service's real Stripe SDK at this stub. */
  env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: 'sk_test_stub',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_stub',
      STRIPE_WEBHOOK_SECRET: STUB_WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(this.port),
      STRIPE_API_PROTOCOL: 'http',
    };
  }

  /** What finishing Stripe's hosted onboarding does to an account: verified, a bank account attached, transfers active. */
  completeOnboarding(accountId: string, bankLast4 = '6789'): StubAccount {
    const account = this.accounts.get(accountId)!;
    Object.assign(account, { details_submitted: true, payouts_enabled: true, capabilities: { transfers: 'active' } });
    account.requirements = { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null };
    account.external_accounts.data = [
      { id: `ba_${hex(8)}`, object: 'bank_account', last4: bankLast4, default_for_currency: true },
    ];
    return account;
  }

  /** A card dispute on a succeeded intent's charge, as Stripe reports it in charge.dispute.* events. */
  dispute(intentId: string, status = 'needs_response', reason = 'fraudulent'): StubDispute {
    const intent = withCharge(this.intents.get(intentId)!);
    return {
      id: `dp_${hex(8)}`,
      object: 'dispute',
      amount: intent.amount,
      currency: intent.currency,
      charge: intent.latest_charge!,
      payment_intent: intent.id,
      reason,
      status,
    };
  }

  private connect(method: string, path: string, form: URLSearchParams): { status: number; json: unknown } | null {
    if (method === 'POST' && path === '/v1/accounts') {
      const account: StubAccount = {
        id: `acct_${hex(8)}`,
        object: 'account',
        type: 'express',
        country: form.get('country') ?? 'US',
        email: form.get('email'),
        metadata: bracketed(form, 'metadata'),
        capabilities: { transfers: 'inactive' },
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        requirements: {
          currently_due: ONBOARDING_DUE,
          eventually_due: ONBOARDING_DUE,
          past_due: ONBOARDING_DUE,
          disabled_reason: 'requirements.past_due',
        },
        external_accounts: { object: 'list', data: [] },
      };
      this.accounts.set(account.id, account);
      return { status: 200, json: account };
    }
    const account = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (method === 'GET' && account) {
      const found = this.accounts.get(account[1]);
      return found ? { status: 200, json: found } : { status: 403, json: accountInvalid(account[1]) };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const id = form.get('account') ?? '';
      if (!this.accounts.has(id)) return { status: 403, json: accountInvalid(id) };
      const created = Math.floor(Date.now() / 1000);
      return {
        status: 200,
        json: {
          object: 'account_link',
          created,
          expires_at: created + 300,
          url: `https://connect.stripe.com/setup/e/${id}/${hex(6)}`,
        },
      };
    }
    if (method === 'POST' && path === '/v1/transfers') {
      if (this.transferFailure)
        return { status: this.transferFailure.status, json: { error: this.transferFailure.error } };
      const destination = this.accounts.get(form.get('destination') ?? '');
      if (!destination) return { status: 400, json: missing('destination', form.get('destination') ?? '') };
      if (destination.capabilities.transfers !== 'active') {
        return {
          status: 400,
          json: {
            error: {
              type: 'invalid_request_error',
              message:
                'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
            },
          },
        };
      }
      const transfer: StubTransfer = {
        id: `tr_${hex(8)}`,
        object: 'transfer',
        amount: Number(form.get('amount')),
        amount_reversed: 0,
        currency: form.get('currency') ?? '',
        destination: destination.id,
        source_transaction: form.get('source_transaction'),
        transfer_group: form.get('transfer_group'),
        reversed: false,
      };
      this.transfers.set(transfer.id, transfer);
      return { status: 200, json: transfer };
    }
    const transfer = /^\/v1\/transfers\/([^/]+)(\/reversals)?$/.exec(path);
    if (transfer) {
      const found = this.transfers.get(transfer[1]);
      if (!found) return { status: 404, json: missing('transfer', transfer[1]) };
      if (method === 'GET' && !transfer[2]) return { status: 200, json: found };
      if (method !== 'POST' || !transfer[2]) return null;
      if (found.reversed)
        return {
          status: 400,
          json: {
            error: { type: 'invalid_request_error', message: `The transfer ${found.id} is already fully reversed.` },
          },
        };
      const amount = Number(form.get('amount') ?? found.amount - found.amount_reversed);
      found.amount_reversed += amount;
      found.reversed = found.amount_reversed >= found.amount;
      return {
        status: 200,
        json: {
          id: `trr_${hex(8)}`,
          object: 'transfer_reversal',
          amount,
          currency: found.currency,
          transfer: found.id,
        },
      };
    }
    return null;
  }
}

/** Stripe gives a succeeded intent its charge; the stub does it when a test marks the intent succeeded. */
function withCharge(intent: StubIntent): StubIntent {
  if (intent.status === 'succeeded' && !intent.latest_charge) intent.latest_charge = `ch_${hex(8)}`;
  return intent;
}

/** `metadata[orderId]=…` form fields back into an object. */
function bracketed(form: URLSearchParams, name: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form) {
    const m = new RegExp(`^${name}\\[(.+)\\]$`).exec(k);
    if (m) out[m[1]] = v;
  }
  return out;
}

const missing = (param: string, id: string) => ({
  error: { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${param}: '${id}'` },
});
const accountInvalid = (id: string) => ({
  error: {
    type: 'invalid_request_error',
    code: 'account_invalid',
    message: `The provided key 'sk_test_stub' does not have access to account '${id}' (or that account does not exist).`,
  },
});

const signer = new Stripe('sk_test_signing_only');
const now = () => Math.floor(Date.now() / 1000);

function signed(event: Record<string, unknown>): { payload: string; signature: string } {
  const payload = JSON.stringify({ object: 'event', api_version: '2025-01-01', livemode: false, ...event });
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret: STUB_WEBHOOK_SECRET }) };
}

/** A webhook delivery as Stripe sends it, signed with the stub's webhook secret. */
export function signedEvent(
  id: string,
  intent: StubIntent,
  type = 'payment_intent.succeeded',
  created = now(),
): { payload: string; signature: string } {
  return signed({ id, type, created, data: { object: withCharge(intent) } });
}

/** An account.updated delivery from a Connect endpoint (it names the connected account). */
export function signedAccountEvent(
  id: string,
  account: StubAccount,
  type = 'account.updated',
  created = now(),
): { payload: string; signature: string } {
  return signed({ id, type, created, account: account.id, data: { object: account } });
}

/** A charge.dispute.* delivery (disputes of our platform charges arrive on the platform endpoint). */
export function signedDisputeEvent(
  id: string,
  dispute: StubDispute,
  type = 'charge.dispute.created',
  created = now(),
): { payload: string; signature: string } {
  return signed({ id, type, created, data: { object: dispute } });
}

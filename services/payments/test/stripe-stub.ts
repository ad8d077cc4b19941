import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const STUB_WEBHOOK_SECRET = 'whsec_test_secret';

export interface StubIntent {
  id: string; object: 'payment_intent'; amount: number; currency: string; status: string; client_secret: string;
  metadata: Record<string, string>; last_payment_error: null | { message: string };
}
export interface StubCall { method: string; path: string; headers: IncomingHttpHeaders; form: URLSearchParams }

/** A local stand-in for api.stripe.com: just the PaymentIntent and Refund calls the adapter makes, with idempotency keys. */
export class StripeStub {
  readonly intents = new Map<string, StubIntent>();
  readonly calls: StubCall[] = [];
  private readonly byKey = new Map<string, string>();
  private server!: Server;
  port = 0;

  async start() {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => { body += c; });
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const path = (req.url ?? '').split('?')[0];
        this.calls.push({ method: req.method ?? '', path, headers: req.headers, form });
        const key = req.headers['idempotency-key'] as string | undefined;
        const send = (status: number, json: unknown) => { res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': 'req_stub' }); res.end(JSON.stringify(json)); };
        if (req.method === 'POST' && path === '/v1/payment_intents') {
          const existing = key ? this.byKey.get(key) : undefined;
          if (existing) return send(200, this.intents.get(existing));
          const id = `pi_${randomBytes(8).toString('hex')}`;
          const metadata: Record<string, string> = {};
          for (const [k, v] of form) { const m = /^metadata\[(.+)\]$/.exec(k); if (m) metadata[m[1]] = v; }
          const intent: StubIntent = {
            id, object: 'payment_intent', amount: Number(form.get('amount')), currency: form.get('currency') ?? '', status: 'requires_payment_method',
            client_secret: `${id}_secret_stub`, metadata, last_payment_error: null,
          };
          this.intents.set(id, intent);
          if (key) this.byKey.set(key, id);
          return send(200, intent);
        }
        const one = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path);
        if (one) {
          const intent = this.intents.get(one[1]);
          if (!intent) return send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
          if (one[2] && intent.status === 'succeeded') {
            return send(400, { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'This PaymentIntent could not be canceled' } });
          }
          if (one[2]) intent.status = 'canceled';
          return send(200, intent);
        }
        if (req.method === 'POST' && path === '/v1/refunds') {
          return send(200, { id: `re_${randomBytes(6).toString('hex')}`, object: 'refund', payment_intent: form.get('payment_intent'), status: 'succeeded' });
        }
        send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  stop() { return new Promise<void>((resolve) => this.server.close(() => resolve())); }

  /** The environment that points the payments service's real Stripe SDK at this stub. */
  env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: 'sk_test_stub', STRIPE_PUBLISHABLE_KEY: 'pk_test_stub', STRIPE_WEBHOOK_SECRET: STUB_WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(this.port), STRIPE_API_PROTOCOL: 'http',
    };
  }
}

/** A webhook delivery as Stripe sends it, signed with the stub's webhook secret. */
export function signedEvent(id: string, intent: StubIntent, type = 'payment_intent.succeeded'): { payload: string; signature: string } {
  const payload = JSON.stringify({ id, object: 'event', type, api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), data: { object: intent } });
  return { payload, signature: new Stripe('sk_test_signing_only').webhooks.generateTestHeaderString({ payload, secret: STUB_WEBHOOK_SECRET }) };
}

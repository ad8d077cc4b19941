import type request from 'supertest';
import type { INestApplication } from '@nestjs/common';
import { loadConfig, SESSION_KEY_PREFIX } from '@souvenir/platform';
import type { TestInfra } from '@souvenir/testing';
import { GatewayConfig } from '../src/config/gateway.config';
import { createGateway } from '../src/create-gateway';

/**
 * Write limits high enough for suites that create many products, messages, favourites or guest intents from one
 * IP; a test of the limits themselves passes its own (`env` wins).
 */
const HIGH_WRITE_LIMITS = {
  WRITE_LIMIT_MESSAGES: '100000/60',
  WRITE_LIMIT_LISTINGS: '100000/60',
  WRITE_LIMIT_FAVOURITES: '100000/60',
  WRITE_LIMIT_PAYMENT_INTENTS: '100000/60',
  WRITE_LIMIT_UPLOADS: '100000/60',
  WRITE_LIMIT_ORDERS: '100000/60',
  WRITE_LIMIT_UNSUBSCRIBES: '100000/60',
  WRITE_LIMIT_REPORTS: '100000/60',
  WRITE_LIMIT_BLOCKS: '100000/60',
  WRITE_LIMIT_OFFERS: '100000/60',
  WRITE_LIMIT_SAVED_SEARCHES: '100000/60',
  // Suites that list and message from freshly joined (unverified) accounts; account.e2e-spec tests the allowance.
  UNVERIFIED_WRITE_ALLOWANCE: '100000',
} as const;

/** The gateway as main.ts builds it, pointed at the suite's infra, listening on a free port. */
export async function startGateway(infra: TestInfra, env: Record<string, string> = {}): Promise<INestApplication> {
  const config = loadConfig(GatewayConfig, {
    NATS_URL: infra.natsUrl,
    REDIS_URL: infra.redisUrl,
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    PORT: '0',
    ...HIGH_WRITE_LIMITS,
    ...env,
  });
  const app = await createGateway(config);
  await app.listen(0, '127.0.0.1');
  return app;
}

/** A signed-in person of the end-to-end tests: their user id and session cookie. */
export interface Account {
  id: string;
  cookie: string;
}

/** The session cookie a response set, ready for a `Cookie` header. */
export const cookieOf = (res: request.Response): string => String(res.headers['set-cookie']?.[0] ?? '').split(';')[0];

/** The Redis key of the session a `cookieOf` cookie names (`s:<id>.<signature>`, URI-encoded). */
export const sessionKeyOf = (cookie: string): string =>
  SESSION_KEY_PREFIX + decodeURIComponent(cookie.split('=')[1]).slice(2).split('.')[0];

/** Registers (and so signs in) a new person through the gateway. */
export async function join(http: ReturnType<typeof request>, username: string, firstName: string): Promise<Account> {
  const res = await http
    .post('/api/auth/register')
    .send({ email: `${username}@example.com`, password: 'secret1', username, firstName, lastName: 'Traveller' })
    .expect(201);
  return { id: res.body.id, cookie: cookieOf(res) };
}

/** A signed-in buyer's shipping step: billing and delivery at one US address (the listings' country). */
export const shipping = {
  billingStreet: '1 Main St',
  billingCity: 'Springfield',
  billingZip: '10001',
  sameAsDelivery: true,
};

/** A card the test-mode provider accepts. */
export const goodCard = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
  postalCode: '10001',
};

/** A listing's body as the sell form sends it: a customs-cleared souvenir at $30, with any field changed. */
export const aListing = (title: string, overrides: Record<string, unknown> = {}) => ({
  title,
  description: 'Hand-made souvenir bought on the road, customs cleared.',
  price: 30,
  condition: 'new',
  category: 'Home Decor',
  country: 'Peru',
  images: ['https://example.com/p.jpg'],
  ...overrides,
});

/**
 * Pays a started checkout as its browser does: the test-mode card, then the reconcile call of the success page (by the
 * buyer's session, or a guest's client secret). Answers the reconcile body, checked paid.
 */
export async function payIntent(
  http: ReturnType<typeof request>,
  intent: { clientSecret: string; paymentIntentId: string },
  buyer?: Account,
): Promise<{ status: string; orderId: string }> {
  await http
    .post('/api/payments/test-confirm')
    .send({ clientSecret: intent.clientSecret, card: goodCard })
    .expect(200, { status: 'succeeded' });
  const reconcile = http.post('/api/payments/reconcile');
  if (buyer) reconcile.set('Cookie', buyer.cookie);
  const paid = await reconcile
    .send({ paymentIntentId: intent.paymentIntentId, ...(buyer ? {} : { clientSecret: intent.clientSecret }) })
    .expect(200);
  expect(paid.body.status).toBe('paid');
  return paid.body;
}

/** A guest buys a new listing of `seller` with the test-mode card, and the payment is reconciled: paid. */
export async function guestBuys(
  http: ReturnType<typeof request>,
  seller: Account,
  title: string,
  email: string,
): Promise<{ checkoutToken: string; productId: string }> {
  const product = await http.post('/api/products').set('Cookie', seller.cookie).send(aListing(title)).expect(201);
  const guestInfo = {
    email,
    firstName: 'Gia',
    lastName: 'Guest',
    billingStreet: '1 Main St',
    billingCity: 'Springfield',
    billingZip: '10001',
    sameAsDelivery: true,
  };
  const intent = await http
    .post('/api/create-payment-intent')
    .send({ productId: product.body.id, amount: 30, guestInfo })
    .expect(200);
  await payIntent(http, intent.body);
  return { checkoutToken: intent.body.checkoutToken, productId: product.body.id };
}

// Authorisation matrix: every route the gateway serves × {guest, owner, another user} → the expected status.
// The routes come from the gateway's own router, so a new route without a row here fails the suite.
import { eventually } from '@souvenir/testing';
import { DEV_UNSUBSCRIBE_SECRET } from '../../services/notifications/src/config/notifications.config';
import { signUnsubscribeToken } from '../../services/notifications/src/settings/unsubscribe-token';
import sharp from 'sharp';
import request from 'supertest';
import {
  type Account,
  createProduct,
  expectErrorShape,
  guestInfo,
  login,
  publicRoutes,
  register,
  shipping,
  startWorld,
  unique,
  type World,
} from '../support/world';

type Role = 'guest' | 'owner' | 'other';
interface Call {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** An event stream: the answer is read up to its first event, then the connection is closed. */
  stream?: boolean;
  /** A multipart body with this image in its field `file` (uploads). */
  file?: Buffer;
}
interface Row {
  /** Builds the request for a role (fresh resources where the call consumes them). */
  call: (role: Role) => Promise<Call> | Call;
  expect: Record<Role, number>;
  /** The call ends or replaces the caller's session: sign the role in again afterwards. */
  rotatesSession?: boolean;
  /** Extra check on the answer (no data of the owner leaks to another user). */
  check?: (role: Role, body: unknown) => void;
}

let world: World;
let owner: Account;
let other: Account;
let third: Account;
let ownerProduct: string;
let thirdProduct: string;
/** The third user's report of the owner (made once, by the appeal row). */
let reportOfOwner: Promise<string> | undefined;
let ownerIntent: string;
let ownerSecret: string;
/** An order the owner bought from the third user (paid). */
let ownerPurchase: string;
const cookies: Partial<Record<Role, string>> = {};
/** The link of a mail to the owner (the stack's notifications signs with the development secret). */
const ownerUnsubscribeToken = () => signUnsubscribeToken(DEV_UNSUBSCRIBE_SECRET, owner.id, 'marketing');

beforeAll(async () => {
  world = await startWorld({ LOGIN_MAX_PER_IP: '10000', LOGIN_MAX_PER_ACCOUNT: '10000', REGISTER_MAX_PER_IP: '10000' });
  const http = world.http;
  owner = await register(http, unique('owner'));
  other = await register(http, unique('other'));
  third = await register(http, unique('third'));
  cookies.owner = owner.cookie;
  cookies.other = other.cookie;
  ownerProduct = await createProduct(http, owner.cookie);
  thirdProduct = await createProduct(http, third.cookie);
  // The owner talks to the third user about their product, and starts a checkout as a signed-in buyer.
  await http
    .post('/api/messages')
    .set('Cookie', owner.cookie)
    .send({ toUserId: third.id, productId: thirdProduct, content: 'Secret owner note' })
    .expect(201);
  const intent = await http
    .post('/api/create-payment-intent')
    .set('Cookie', owner.cookie)
    .send({ productId: thirdProduct, amount: '25.00', guestInfo: shipping })
    .expect(200);
  ownerIntent = intent.body.paymentIntentId;
  ownerSecret = intent.body.clientSecret;
  ownerPurchase = await paidOrder(third.cookie, owner.cookie);
}, 120_000);

/** A well-formed customs rule: members are refused for their role, not for the body. */
const customsRule = {
  country: 'Canada',
  contents: 'wood',
  kind: 'allowed',
  sentence: 'A rule a member must not be able to write.',
  sourceUrl: 'https://example.com/source',
  sourceTitle: 'An example source',
  lastCheckedOn: '2026-11-25',
};

const goodCard = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
  postalCode: '10001',
};

/** An address of the address book (the owner's rows are told apart by their street). */
const savedAddress = {
  firstName: 'Owner',
  lastName: 'Person',
  line1: '1 Owner Street',
  city: 'Springfield',
  postcode: '10001',
  country: 'United States',
};

/** Fresh offers for the rows that answer one (each answer consumes it): to the owner's item, or the owner's own. */
const offerTo = {
  async owner(): Promise<string> {
    const productId = await createProduct(world.http, cookies.owner!);
    const res = await world.http.post('/api/offers').set('Cookie', third.cookie).send({ productId, amount: '20.00' });
    if (res.status !== 201) throw new Error(`offer: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id;
  },
  async byOwner(): Promise<string> {
    const productId = await createProduct(world.http, third.cookie);
    const res = await world.http.post('/api/offers').set('Cookie', cookies.owner!).send({ productId, amount: '20.00' });
    if (res.status !== 201) throw new Error(`offer: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id;
  },
};

/** A fresh address of the owner's, for the rows that edit or delete one. */
/** The owner's data export, once it is ready to download (requested once, built by identity's job). */
let ownerExportId: string | undefined;
let ownerExportReady: Promise<string> | undefined;
function ownerExport(): Promise<string> {
  ownerExportReady ??= (async () => {
    const requested = await world.http.post('/api/me/export').set('Cookie', cookies.owner!).expect(202);
    ownerExportId = requested.body.id as string;
    await eventually(async () => {
      const latest = await world.http.get('/api/me/export').set('Cookie', cookies.owner!).expect(200);
      expect(latest.body.export).toMatchObject({ id: ownerExportId, status: 'ready' });
    }, 60_000);
    return ownerExportId;
  })();
  return ownerExportReady;
}

async function ownerAddress(): Promise<string> {
  const res = await world.http.post('/api/me/addresses').set('Cookie', cookies.owner!).send(savedAddress).expect(201);
  return res.body.id;
}

/** A new product of `sellerCookie`'s, paid for by `buyerCookie`: the order's id. */
async function paidOrder(sellerCookie: string, buyerCookie: string): Promise<string> {
  const http = world.http;
  const productId = await createProduct(http, sellerCookie);
  const intent = await http
    .post('/api/create-payment-intent')
    .set('Cookie', buyerCookie)
    .send({ productId, amount: '25.00', guestInfo: shipping })
    .expect(200);
  await http
    .post('/api/payments/test-confirm')
    .send({ clientSecret: intent.body.clientSecret, card: goodCard })
    .expect(200);
  const paid = await http
    .post('/api/payments/reconcile')
    .set('Cookie', buyerCookie)
    .send({ paymentIntentId: intent.body.paymentIntentId })
    .expect(200);
  return paid.body.orderId;
}

/** Order stages for the rows, each reached by its rightful party: a fresh order per call, since actions consume them. */
const ordered = {
  /** The owner sells, the third user buys. */
  sale: () => paidOrder(cookies.owner!, third.cookie),
  /** The owner buys from the third user. */
  purchase: () => paidOrder(third.cookie, cookies.owner!),
  async shipped(sellerCookie: string, orderId: string) {
    await world.http
      .post(`/api/orders/${orderId}/ship`)
      .set('Cookie', sellerCookie)
      .send({ carrier: 'DHL', trackingNumber: 'JD01' })
      .expect(200);
    return orderId;
  },
  async delivered(sellerCookie: string, orderId: string) {
    await world.http.post(`/api/orders/${orderId}/delivered`).set('Cookie', sellerCookie).expect(200);
    return orderId;
  },
  /** Shipped, delivered and confirmed by the buyer: completed, once reviews has opened its review slots. */
  async completed(sellerCookie: string, buyerCookie: string, orderId: string) {
    await this.delivered(sellerCookie, await this.shipped(sellerCookie, orderId));
    await world.http.post(`/api/orders/${orderId}/confirm`).set('Cookie', buyerCookie).expect(200);
    await eventually(async () => {
      const res = await world.http.get(`/api/orders/${orderId}/review`).set('Cookie', buyerCookie).expect(200);
      expect(res.body.status).toBe('open');
    });
    return orderId;
  },
  /** A claim on a shipped order: its id (from the buyer's view of the order). */
  async claimed(buyerCookie: string, orderId: string): Promise<string> {
    const res = await world.http
      .post(`/api/orders/${orderId}/claims`)
      .set('Cookie', buyerCookie)
      .send({ reason: 'damaged', description: 'Broken in transit' })
      .expect(201);
    return res.body.claim.id;
  },
};

/** Stripe's test values that pass the test-mode onboarding. */
const onboardingDetails = {
  legalName: 'Owner Seller',
  dateOfBirth: '1901-01-01',
  addressLine: '1 Market Street',
  city: 'Springfield',
  postalCode: '10001',
  routingNumber: '110000000',
  accountNumber: '000123456789',
};

/** A fresh test-mode onboarding link of the owner's: its token. */
async function onboardingToken(): Promise<string> {
  const res = await world.http.post('/api/payouts/account').set('Cookie', cookies.owner!).expect(200);
  const token = /\/payouts\/test-onboarding\/([A-Za-z0-9]+)/.exec(res.body.url)?.[1];
  if (!token) throw new Error(`no test onboarding link in ${JSON.stringify(res.body)}`);
  return token;
}

/** The owner's payout account has details (its first onboarding done as the owner), once. */
let onboarded: Promise<void> | null = null;
function ownerOnboarded(): Promise<void> {
  onboarded ??= (async () => {
    await world.http
      .post(`/api/payouts/test-onboarding/${await onboardingToken()}`)
      .set('Cookie', cookies.owner!)
      .send(onboardingDetails)
      .expect(200);
  })();
  return onboarded;
}

afterAll(async () => {
  await world?.stop();
});

/** A well-formed token nobody was ever mailed. */
const FORGED_TOKEN = 'A'.repeat(43);
const all = (status: number): Record<Role, number> => ({ guest: status, owner: status, other: status });
const signedIn = (status: number): Record<Role, number> => ({ guest: 401, owner: status, other: status });

const TABLE: Record<string, Row> = {
  'GET /healthz': { call: () => ({ method: 'get', path: '/healthz' }), expect: all(200) },
  'GET /readyz': { call: () => ({ method: 'get', path: '/readyz' }), expect: all(200) },
  'GET /api/auth/me': {
    call: () => ({ method: 'get', path: '/api/auth/me' }),
    expect: signedIn(200),
    check: (role, body) => {
      if (role === 'other') expect((body as { id: string }).id).toBe(other.id);
    },
  },
  'POST /api/auth/login': {
    call: () => ({ method: 'post', path: '/api/auth/login', body: { username: third.username, password: 'secret1' } }),
    expect: all(200),
    rotatesSession: true,
  },
  'POST /api/auth/register': {
    call: () => {
      const u = unique('reg');
      return {
        method: 'post',
        path: '/api/auth/register',
        body: { email: `${u}@example.com`, password: 'secret1', username: u, firstName: 'R', lastName: 'R' },
      };
    },
    expect: all(201),
    rotatesSession: true,
  },
  'POST /api/auth/logout': {
    call: () => ({ method: 'post', path: '/api/auth/logout' }),
    expect: all(204),
    rotatesSession: true,
  },
  // The account: links that cannot be anyone's and wrong passwords, so no account changes here; the
  // successful paths are gateway/test/account.e2e-spec.ts's.
  'POST /api/auth/password-reset': {
    call: () => ({ method: 'post', path: '/api/auth/password-reset', body: { email: `${unique('pr')}@example.com` } }),
    expect: all(202),
  },
  'POST /api/auth/password-reset/confirm': {
    call: () => ({
      method: 'post',
      path: '/api/auth/password-reset/confirm',
      body: { token: FORGED_TOKEN, password: 'secret2' },
    }),
    expect: all(400),
  },
  'POST /api/auth/verify-email': {
    call: () => ({ method: 'post', path: '/api/auth/verify-email', body: { token: FORGED_TOKEN } }),
    expect: all(400),
  },
  'POST /api/auth/verify-email/resend': {
    call: () => ({ method: 'post', path: '/api/auth/verify-email/resend' }),
    expect: signedIn(202),
  },
  'PUT /api/auth/password': {
    call: () => ({
      method: 'put',
      path: '/api/auth/password',
      body: { currentPassword: 'not-the-password', newPassword: 'secret2' },
    }),
    expect: signedIn(403),
  },
  'PUT /api/auth/email': {
    call: () => ({
      method: 'put',
      path: '/api/auth/email',
      body: { password: 'not-the-password', email: `${unique('ce')}@example.com` },
    }),
    expect: signedIn(403),
  },
  'POST /api/auth/email/confirm': {
    call: () => ({ method: 'post', path: '/api/auth/email/confirm', body: { token: FORGED_TOKEN } }),
    expect: all(400),
  },
  'POST /api/auth/email/undo': {
    call: () => ({ method: 'post', path: '/api/auth/email/undo', body: { token: FORGED_TOKEN } }),
    expect: all(400),
  },
  'GET /api/auth/sessions': {
    call: () => ({ method: 'get', path: '/api/auth/sessions' }),
    expect: signedIn(200),
    check: (_role, body) => expect((body as { current: boolean }[]).filter((s) => s.current)).toHaveLength(1),
  },
  'DELETE /api/auth/sessions/:id': {
    call: () => ({ method: 'delete', path: '/api/auth/sessions/not-a-session-of-anyone' }),
    expect: signedIn(404),
  },
  'POST /api/auth/sessions/revoke-others': {
    call: () => ({ method: 'post', path: '/api/auth/sessions/revoke-others' }),
    expect: signedIn(204),
  },
  // Two-step sign-in: wrong codes and passwords, so no account changes here; the successful paths are
  // gateway/test/two-factor.e2e-spec.ts's.
  'GET /api/auth/2fa': {
    call: () => ({ method: 'get', path: '/api/auth/2fa' }),
    expect: signedIn(200),
    check: (_role, body) => expect(body).toEqual({ enabled: false, recoveryCodesLeft: 0 }),
  },
  'POST /api/auth/2fa/setup': {
    call: () => ({ method: 'post', path: '/api/auth/2fa/setup', body: {} }),
    expect: signedIn(200),
  },
  'POST /api/auth/2fa/enable': {
    call: () => ({ method: 'post', path: '/api/auth/2fa/enable', body: { code: '000000' } }),
    expect: signedIn(400),
  },
  'POST /api/auth/2fa/disable': {
    call: () => ({
      method: 'post',
      path: '/api/auth/2fa/disable',
      body: { password: 'not-the-password', code: '000000' },
    }),
    expect: signedIn(403),
  },
  'POST /api/auth/2fa/recovery-codes': {
    call: () => ({ method: 'post', path: '/api/auth/2fa/recovery-codes', body: { code: '000000' } }),
    expect: signedIn(409),
  },
  // Passkeys: answers no authenticator made and a wrong password, so no account changes here; the successful paths
  // are gateway/test/passkeys.e2e-spec.ts's. Nobody sees another's passkeys: the list is the caller's own.
  'GET /api/auth/passkeys': {
    call: () => ({ method: 'get', path: '/api/auth/passkeys' }),
    expect: signedIn(200),
    check: (_role, body) => expect(body).toEqual([]),
  },
  'POST /api/auth/passkeys/registration-options': {
    call: () => ({ method: 'post', path: '/api/auth/passkeys/registration-options', body: {} }),
    expect: signedIn(200),
  },
  'POST /api/auth/passkeys': {
    call: () => ({ method: 'post', path: '/api/auth/passkeys', body: { response: { id: 'AAAA' } } }),
    expect: signedIn(400),
  },
  'DELETE /api/auth/passkeys/:id': {
    call: () => ({
      method: 'delete',
      path: '/api/auth/passkeys/7f1c8a43-5d2e-4e55-9a55-3f2b1d0c9e11',
      body: { password: 'not-the-password' },
    }),
    expect: signedIn(403),
  },
  'POST /api/auth/passkeys/login-options': {
    call: () => ({ method: 'post', path: '/api/auth/passkeys/login-options', body: {} }),
    expect: all(200),
  },
  'POST /api/auth/passkeys/login': {
    call: () => ({ method: 'post', path: '/api/auth/passkeys/login', body: { response: { id: 'AAAA' } } }),
    expect: all(401),
  },
  'GET /api/users/:id': {
    call: () => ({ method: 'get', path: `/api/users/${owner.id}` }),
    expect: all(200),
    check: (_role, body) => expect(body).not.toHaveProperty('email'),
  },
  'PUT /api/users/:id': {
    call: () => ({
      method: 'put',
      path: `/api/users/${owner.id}`,
      body: { firstName: 'Owner', lastName: 'Renamed', location: 'Faro' },
    }),
    expect: { guest: 401, owner: 200, other: 403 },
  },
  // Deleting an account: the owner's row deletes a fresh account of its own (the owner is needed by the other rows).
  'DELETE /api/users/:id': {
    call: async (role) => {
      if (role !== 'owner') return { method: 'delete', path: `/api/users/${owner.id}`, body: { password: 'secret1' } };
      const leaving = await register(world.http, unique('leaving'));
      return {
        method: 'delete',
        path: `/api/users/${leaving.id}`,
        body: { password: 'secret1' },
        headers: { Cookie: leaving.cookie },
      };
    },
    expect: { guest: 401, owner: 204, other: 403 },
  },
  'GET /api/users/:id/products': {
    call: () => ({ method: 'get', path: `/api/users/${owner.id}/products` }),
    expect: all(200),
  },
  'GET /api/products': { call: () => ({ method: 'get', path: '/api/products' }), expect: all(200) },
  'GET /api/products/:id': { call: () => ({ method: 'get', path: `/api/products/${ownerProduct}` }), expect: all(200) },
  'POST /api/products': {
    call: () => ({
      method: 'post',
      path: '/api/products',
      body: {
        title: 'Matrix listing',
        description: 'A description long enough to be valid here.',
        price: 5,
        condition: 'new',
        category: 'Art',
        country: 'Chile',
        images: ['https://example.com/x.png'],
      },
    }),
    expect: signedIn(201),
  },
  'DELETE /api/products/:id': {
    call: async () => ({ method: 'delete', path: `/api/products/${await createProduct(world.http, owner.cookie)}` }),
    expect: { guest: 401, owner: 204, other: 403 },
  },
  // Owner only: a removed listing goes back on sale (200); another member's is refused before its state (403).
  // The owner's cookie of now: a row before this one may have rotated their session.
  'POST /api/products/:id/relist': {
    call: async () => {
      const id = await createProduct(world.http, cookies.owner!);
      await world.http.delete(`/api/products/${id}`).set('Cookie', cookies.owner!).expect(204);
      return { method: 'post', path: `/api/products/${id}/relist`, body: {} };
    },
    expect: { guest: 401, owner: 200, other: 403 },
  },
  // Owner only (200); another member's listing is refused before its body is checked (403).
  'PATCH /api/products/:id': {
    call: async () => ({
      method: 'patch',
      path: `/api/products/${await createProduct(world.http, cookies.owner!)}`,
      body: { title: 'Matrix listing, edited', price: 4 },
    }),
    expect: { guest: 401, owner: 200, other: 403 },
  },
  // Owner only (200, the product with its buyer named); another member is refused before the body's buyer (403). The
  // buyer is the third member: the owner cannot reserve for themself.
  'POST /api/products/:id/reserve': {
    call: async () => ({
      method: 'post',
      path: `/api/products/${await createProduct(world.http, cookies.owner!)}/reserve`,
      body: { buyerId: third.id, hours: 24 },
    }),
    expect: { guest: 401, owner: 200, other: 403 },
    check: (role, body) => {
      if (role === 'owner') expect((body as { reservedFor?: { id: string } }).reservedFor?.id).toBe(third.id);
    },
  },
  // Owner only (204); another member cannot lift it (403), and it stays reserved for the third member.
  'DELETE /api/products/:id/reserve': {
    call: async () => {
      const id = await createProduct(world.http, cookies.owner!);
      await world.http
        .post(`/api/products/${id}/reserve`)
        .set('Cookie', cookies.owner!)
        .send({ buyerId: third.id })
        .expect(200);
      return { method: 'delete', path: `/api/products/${id}/reserve` };
    },
    expect: { guest: 401, owner: 204, other: 403 },
  },
  // Away mode (gateway/test/away-mode.e2e-spec.ts): anyone signed in, for themself only. The router serves PUT right
  // before DELETE, so the owner is back before any other row buys from them.
  'GET /api/me/away': {
    call: () => ({ method: 'get', path: '/api/me/away' }),
    expect: signedIn(200),
    // The caller's own state only: the other person never reads the owner's away message.
    check: (role, body) => {
      if (role === 'other') expect(JSON.stringify(body)).not.toContain('Matrix away message');
    },
  },
  'PUT /api/me/away': {
    call: () => ({
      method: 'put',
      path: '/api/me/away',
      body: { until: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10), message: 'Matrix away message' },
    }),
    expect: signedIn(200),
  },
  'DELETE /api/me/away': { call: () => ({ method: 'delete', path: '/api/me/away' }), expect: signedIn(204) },
  // The bundle discount (payments): anyone signed in, for themself only; buyers see it on the seller's products.
  'GET /api/me/bundle-discount': {
    call: () => ({ method: 'get', path: '/api/me/bundle-discount' }),
    expect: signedIn(200),
  },
  'PUT /api/me/bundle-discount': {
    call: () => ({ method: 'put', path: '/api/me/bundle-discount', body: { minItems: 2, percent: 0 } }),
    expect: signedIn(200),
  },
  // Public: whether a seller is away and until when, never their message.
  'GET /api/users/:id/away': {
    call: () => ({ method: 'get', path: `/api/users/${owner.id}/away` }),
    expect: all(200),
    check: (_role, body) => expect(JSON.stringify(body)).not.toContain('Matrix away message'),
  },
  'GET /api/categories': { call: () => ({ method: 'get', path: '/api/categories' }), expect: all(200) },
  'GET /api/buyer-protection': { call: () => ({ method: 'get', path: '/api/buyer-protection' }), expect: all(200) },
  'GET /api/categories/browse': { call: () => ({ method: 'get', path: '/api/categories/browse' }), expect: all(200) },
  'GET /api/favorites': { call: () => ({ method: 'get', path: '/api/favorites' }), expect: signedIn(200) },
  'POST /api/favorites': {
    call: () => ({ method: 'post', path: '/api/favorites', body: { productId: ownerProduct } }),
    expect: signedIn(201),
  },
  'DELETE /api/favorites/:productId': {
    call: () => ({ method: 'delete', path: `/api/favorites/${ownerProduct}` }),
    expect: signedIn(204),
  },
  'GET /api/messages/conversations': {
    call: () => ({ method: 'get', path: '/api/messages/conversations' }),
    expect: signedIn(200),
    check: (role, body) => {
      if (role === 'other') expect(JSON.stringify(body)).not.toContain('Secret owner note');
    },
  },
  'GET /api/messages/unread-count': {
    call: () => ({ method: 'get', path: '/api/messages/unread-count' }),
    expect: signedIn(200),
  },
  'GET /api/messages/:otherUserId': {
    // The owner's thread with the third user: another user asking for the same path only ever sees their own (empty) thread.
    call: () => ({ method: 'get', path: `/api/messages/${third.id}?productId=${thirdProduct}` }),
    expect: signedIn(200),
    check: (role, body) => {
      if (role === 'owner') expect(JSON.stringify(body)).toContain('Secret owner note');
      if (role === 'other') expect(body).toEqual([]);
    },
  },
  'POST /api/messages': {
    call: () => ({
      method: 'post',
      path: '/api/messages',
      body: { toUserId: owner.id, productId: ownerProduct, content: 'Is it still available?' },
    }),
    expect: { guest: 401, owner: 403, other: 201 },
  },
  'POST /api/create-payment-intent': {
    call: (role) => ({
      method: 'post',
      path: '/api/create-payment-intent',
      body: { productId: ownerProduct, amount: '25.00', guestInfo: role === 'guest' ? guestInfo : shipping },
    }),
    expect: { guest: 200, owner: 403, other: 200 },
  },
  // The client secret is the capability (as with Stripe.js), held by the browser that started the checkout; the
  // intent's id alone confirms nothing. An incomplete card changes nothing.
  'POST /api/payments/test-confirm': {
    call: () => ({
      method: 'post',
      path: '/api/payments/test-confirm',
      body: { clientSecret: ownerSecret, card: { number: '4242' } },
    }),
    expect: all(200),
  },
  // A signed-in buyer's order is theirs alone: nobody else learns its state.
  'POST /api/payments/reconcile': {
    call: () => ({ method: 'post', path: '/api/payments/reconcile', body: { paymentIntentId: ownerIntent } }),
    expect: { guest: 404, owner: 200, other: 404 },
  },
  'GET /api/orders': {
    call: () => ({ method: 'get', path: '/api/orders' }),
    expect: signedIn(200),
    check: (role, body) => {
      if (role === 'other') expect(JSON.stringify(body)).not.toContain(thirdProduct);
    },
  },
  // "Find my order": anyone, the same 202 whatever the address (gateway/test/guest-mail.e2e-spec.ts).
  'POST /api/orders/find': {
    call: () => ({ method: 'post', path: '/api/orders/find', body: { email: `${unique('find')}@example.com` } }),
    expect: all(202),
  },
  // Orders. A party sees and acts; a stranger (another user, or a guest without the private token) gets 404,
  // exactly as for an order that does not exist; the seller's routes need a session (401). Guest buyers act through
  // their private token instead of the id (gateway/test/orders.e2e-spec.ts).
  'GET /api/orders/:ref': {
    call: () => ({ method: 'get', path: `/api/orders/${ownerPurchase}` }),
    expect: { guest: 404, owner: 200, other: 404 },
    check: (_role, body) => expect(body).not.toHaveProperty('deliveryAddress'),
  },
  'POST /api/orders/:ref/ship': {
    call: async () => ({ method: 'post', path: `/api/orders/${await ordered.sale()}/ship`, body: { carrier: 'DHL' } }),
    expect: { guest: 401, owner: 200, other: 404 },
  },
  'POST /api/orders/:ref/delivered': {
    call: async () => ({
      method: 'post',
      path: `/api/orders/${await ordered.shipped(cookies.owner!, await ordered.sale())}/delivered`,
    }),
    expect: { guest: 404, owner: 200, other: 404 },
  },
  'POST /api/orders/:ref/confirm': {
    call: async () => ({
      method: 'post',
      path: `/api/orders/${await ordered.delivered(third.cookie, await ordered.shipped(third.cookie, await ordered.purchase()))}/confirm`,
    }),
    expect: { guest: 404, owner: 200, other: 404 },
  },
  'POST /api/orders/:ref/cancel': {
    call: async () => ({
      method: 'post',
      path: `/api/orders/${await ordered.sale()}/cancel`,
      body: { reason: 'Broke while packing' },
    }),
    expect: { guest: 404, owner: 200, other: 404 },
  },
  'POST /api/orders/:ref/claims': {
    call: async () => ({
      method: 'post',
      path: `/api/orders/${await ordered.shipped(third.cookie, await ordered.purchase())}/claims`,
      body: { reason: 'not_received', description: 'Nothing came' },
    }),
    expect: { guest: 404, owner: 201, other: 404 },
  },
  'POST /api/orders/:ref/claim/response': {
    call: async () => {
      const orderId = await ordered.shipped(cookies.owner!, await ordered.sale());
      await ordered.claimed(third.cookie, orderId);
      return {
        method: 'post',
        path: `/api/orders/${orderId}/claim/response`,
        body: { accept: false, statement: 'Sent well packed' },
      };
    },
    expect: { guest: 401, owner: 200, other: 404 },
  },
  // A return support asked for (the whole step as support, buyer and seller: gateway/test/claim-returns.e2e-spec.ts).
  // Here no return was asked: each party is refused out of turn (409); a stranger does not see the order (404).
  'POST /api/orders/:ref/return': {
    call: async () => {
      const orderId = await ordered.shipped(third.cookie, await ordered.purchase());
      await ordered.claimed(cookies.owner!, orderId);
      return { method: 'post', path: `/api/orders/${orderId}/return`, body: { carrier: 'UPS', trackingNumber: '1Z1' } };
    },
    expect: { guest: 404, owner: 409, other: 404 },
  },
  'POST /api/orders/:ref/return/received': {
    call: async () => {
      const orderId = await ordered.shipped(cookies.owner!, await ordered.sale());
      await ordered.claimed(third.cookie, orderId);
      return { method: 'post', path: `/api/orders/${orderId}/return/received` };
    },
    expect: { guest: 401, owner: 409, other: 404 },
  },
  // "Download my data" (gateway/test/data-export.e2e-spec.ts): anyone signed in asks for their own; an archive is
  // its owner's alone, anyone else's id answers 404 as an unknown one does.
  'POST /api/me/export': {
    call: () => ({ method: 'post', path: '/api/me/export' }),
    expect: signedIn(202),
  },
  'GET /api/me/export': {
    call: () => ({ method: 'get', path: '/api/me/export' }),
    expect: signedIn(200),
    check: (role, body) => {
      if (role === 'other') expect(JSON.stringify(body)).not.toContain(ownerExportId ?? 'none');
    },
  },
  'GET /api/me/export/:id': {
    call: async () => ({ method: 'get', path: `/api/me/export/${await ownerExport()}` }),
    expect: { guest: 401, owner: 200, other: 404 },
  },
  // Blocking (gateway/test/blocks-and-shield.e2e-spec.ts): anyone signed in blocks or unblocks for themself; each
  // call blocks a fresh account, so no other row's people are ever blocked. A list is its owner's alone.
  'POST /api/users/:id/block': {
    call: async () => ({
      method: 'post',
      path: `/api/users/${(await register(world.http, unique('blocked'))).id}/block`,
    }),
    expect: signedIn(204),
  },
  'DELETE /api/users/:id/block': {
    call: async () => ({
      method: 'delete',
      path: `/api/users/${(await register(world.http, unique('unblocked'))).id}/block`,
    }),
    expect: signedIn(204),
  },
  'GET /api/me/blocks': {
    call: () => ({ method: 'get', path: '/api/me/blocks' }),
    expect: signedIn(200),
    // Only the people the caller blocked: never the owner or the other person, whom nobody here blocks.
    check: (_role, body) => {
      expect(Array.isArray(body)).toBe(true);
      expect(JSON.stringify(body)).not.toContain(owner.id);
      expect(JSON.stringify(body)).not.toContain(other.id);
    },
  },
  // The caller's own profile photo (gateway/test/profile-photo.e2e-spec.ts): anyone signed in, for themself only.
  'PUT /api/me/avatar': {
    call: () => ({ method: 'put', path: '/api/me/avatar', body: { avatar: null } }),
    expect: signedIn(200),
  },
  'DELETE /api/me/avatar': {
    call: () => ({ method: 'delete', path: '/api/me/avatar' }),
    expect: signedIn(200),
  },
  // Messages kept on an order: its buyer and seller only (a guest buyer by the private token instead of the id,
  // gateway/test/guest-order-messages.e2e-spec.ts); anyone else gets 404, as for an order that does not exist.
  'GET /api/orders/:ref/messages': {
    call: () => ({ method: 'get', path: `/api/orders/${ownerPurchase}/messages` }),
    expect: { guest: 404, owner: 200, other: 404 },
  },
  'POST /api/orders/:ref/messages': {
    call: () => ({
      method: 'post',
      path: `/api/orders/${ownerPurchase}/messages`,
      body: { content: 'Is it wrapped?' },
    }),
    expect: { guest: 404, owner: 201, other: 404 },
  },
  // Reviews: only the two people of a completed order read and write its reviews (a stranger gets 404, as
  // for an order that does not exist); only the reviewed person replies (403 for anyone else); profiles are public.
  'GET /api/orders/:id/review': {
    call: async () => ({
      method: 'get',
      path: `/api/orders/${await ordered.completed(third.cookie, cookies.owner!, await ordered.purchase())}/review`,
    }),
    expect: { guest: 401, owner: 200, other: 404 },
  },
  'POST /api/orders/:id/review': {
    call: async () => ({
      method: 'post',
      path: `/api/orders/${await ordered.completed(third.cookie, cookies.owner!, await ordered.purchase())}/review`,
      body: { rating: 5, text: 'Lovely, thank you' },
    }),
    expect: { guest: 401, owner: 201, other: 404 },
  },
  'PUT /api/orders/:id/review': {
    call: async () => {
      const orderId = await ordered.completed(third.cookie, cookies.owner!, await ordered.purchase());
      await world.http
        .post(`/api/orders/${orderId}/review`)
        .set('Cookie', cookies.owner!)
        .send({ rating: 4, text: 'Nice' })
        .expect(201);
      return { method: 'put', path: `/api/orders/${orderId}/review`, body: { rating: 5, text: 'Lovely' } };
    },
    expect: { guest: 401, owner: 200, other: 404 },
  },
  'POST /api/reviews/:id/reply': {
    call: async () => {
      // The third user buys from the owner; both review, so the buyer's review of the owner is published.
      const orderId = await ordered.completed(cookies.owner!, third.cookie, await ordered.sale());
      const write = (cookie: string) =>
        world.http.post(`/api/orders/${orderId}/review`).set('Cookie', cookie).send({ rating: 5, text: 'Great' });
      await write(third.cookie).expect(201);
      const both = await write(cookies.owner!).expect(201);
      return { method: 'post', path: `/api/reviews/${both.body.theirs.id}/reply`, body: { text: 'Thank you!' } };
    },
    expect: { guest: 401, owner: 201, other: 403 },
  },
  // Anyone signed in who can see a published review (not its author, the third user here) may report it once.
  'POST /api/reviews/:id/report': {
    call: async () => {
      const orderId = await ordered.completed(cookies.owner!, third.cookie, await ordered.sale());
      const write = (cookie: string) =>
        world.http.post(`/api/orders/${orderId}/review`).set('Cookie', cookie).send({ rating: 1, text: 'Rude' });
      await write(third.cookie).expect(201);
      const both = await write(cookies.owner!).expect(201);
      return { method: 'post', path: `/api/reviews/${both.body.theirs.id}/report`, body: { reason: 'Not true' } };
    },
    expect: { guest: 401, owner: 201, other: 201 },
  },
  // Reported reviews are support's (support itself: gateway/test/reviews.e2e-spec.ts); 403 comes before the id.
  'GET /api/support/reviews': {
    call: () => ({ method: 'get', path: '/api/support/reviews' }),
    expect: { guest: 401, owner: 403, other: 403 },
  },
  'POST /api/support/reviews/:id/hide': {
    call: () => ({ method: 'post', path: `/api/support/reviews/${ownerProduct}/hide` }),
    expect: { guest: 401, owner: 403, other: 403 },
  },
  'POST /api/support/reviews/:id/dismiss': {
    call: () => ({ method: 'post', path: `/api/support/reviews/${ownerProduct}/dismiss` }),
    expect: { guest: 401, owner: 403, other: 403 },
  },
  // Reports: anyone signed in reports what they can see (the third user's listing here; owner and other are two
  // reporters, each with their one open report); only the reported person appeals (404 to anyone else, as for a
  // report that does not exist); the queue, decisions and keywords are support's (403 before the id is looked at).
  'POST /api/reports': {
    call: () => ({
      method: 'post',
      path: '/api/reports',
      body: { subjectType: 'product', subjectId: thirdProduct, reason: 'spam', details: 'Same photo as elsewhere' },
    }),
    expect: signedIn(201),
  },
  'POST /api/reports/:id/appeal': {
    call: async () => {
      reportOfOwner ??= world.http
        .post('/api/reports')
        .set('Cookie', third.cookie)
        .send({ subjectType: 'user', subjectId: owner.id, reason: 'harassment' })
        .expect(201)
        .then((res) => res.body.id as string);
      return { method: 'post', path: `/api/reports/${await reportOfOwner}/appeal`, body: { message: 'Look again' } };
    },
    // No decision yet: the reported person (the owner) is told there is nothing to appeal.
    expect: { guest: 401, owner: 409, other: 404 },
  },
  'GET /api/support/reports': {
    call: () => ({ method: 'get', path: '/api/support/reports' }),
    expect: { guest: 401, owner: 403, other: 403 },
  },
  'POST /api/support/reports/:id/decision': {
    call: () => ({
      method: 'post',
      path: `/api/support/reports/${ownerProduct}/decision`,
      body: { action: 'dismiss', reason: 'Nothing wrong' },
    }),
    expect: { guest: 401, owner: 403, other: 403 },
  },
  'GET /api/support/moderation/keywords': {
    call: () => ({ method: 'get', path: '/api/support/moderation/keywords' }),
    expect: { guest: 401, owner: 403, other: 403 },
  },
  'PUT /api/support/moderation/keywords': {
    call: () => ({ method: 'put', path: '/api/support/moderation/keywords', body: { keywords: ['ivory'] } }),
    expect: { guest: 401, owner: 403, other: 403 },
  },
  // Saved searches: each person's own; another's is 404 (as one that does not exist), and never listed to them.
  'POST /api/saved-searches': {
    call: () => ({ method: 'post', path: '/api/saved-searches', body: { search: 'talavera', maxPrice: 50 } }),
    expect: signedIn(201),
  },
  'GET /api/saved-searches': {
    call: async () => {
      await world.http
        .post('/api/saved-searches')
        .set('Cookie', cookies.owner!)
        .send({ search: 'owner only words' })
        .expect(201);
      return { method: 'get', path: '/api/saved-searches' };
    },
    expect: signedIn(200),
    check: (role, body) => {
      if (role === 'other') expect(JSON.stringify(body)).not.toContain('owner only words');
    },
  },
  'DELETE /api/saved-searches/:id': {
    call: async () => {
      const saved = await world.http
        .post('/api/saved-searches')
        .set('Cookie', cookies.owner!)
        .send({ search: 'to be deleted' })
        .expect(201);
      return { method: 'delete', path: `/api/saved-searches/${saved.body.id}` };
    },
    expect: { guest: 401, owner: 204, other: 404 },
  },
  'GET /api/users/:id/reviews': {
    call: () => ({ method: 'get', path: `/api/users/${owner.id}/reviews` }),
    expect: all(200),
  },
  'GET /api/users/:id/rating': {
    call: () => ({ method: 'get', path: `/api/users/${owner.id}/rating` }),
    expect: all(200),
  },
  'GET /api/users/:id/track-record': {
    call: () => ({ method: 'get', path: `/api/users/${owner.id}/track-record` }),
    expect: all(200),
  },
  // Support only: neither the owner nor another member may see the queue or decide (support itself:
  // gateway/test/orders.e2e-spec.ts). The claim here is on the owner's own sale.
  'GET /api/support/claims': {
    call: () => ({ method: 'get', path: '/api/support/claims' }),
    expect: { guest: 401, owner: 403, other: 403 },
  },
  'GET /api/support/disputes': {
    call: () => ({ method: 'get', path: '/api/support/disputes' }),
    expect: { guest: 401, owner: 403, other: 403 },
  },
  // The support nav's counts of every queue (support itself: gateway/test/support-queues.e2e-spec.ts).
  'GET /api/support/queues': {
    call: () => ({ method: 'get', path: '/api/support/queues' }),
    expect: { guest: 401, owner: 403, other: 403 },
  },
  'POST /api/support/claims/:id/decision': {
    call: async () => {
      const orderId = await ordered.shipped(cookies.owner!, await ordered.sale());
      const claimId = await ordered.claimed(third.cookie, orderId);
      return {
        method: 'post',
        path: `/api/support/claims/${claimId}/decision`,
        body: { outcome: 'release', reason: 'Mine to decide' },
      };
    },
    expect: { guest: 401, owner: 403, other: 403 },
  },
  // Customs: a product's customs panel and a country's rules are public; the rules editor and the provenance
  // queue are support's only (support itself: gateway/test/customs.e2e-spec.ts). The ids need not exist: 403 comes first.
  'GET /api/products/:id/customs': {
    call: () => ({ method: 'get', path: `/api/products/${ownerProduct}/customs` }),
    expect: all(200),
  },
  'GET /api/customs/rules': {
    call: () => ({ method: 'get', path: '/api/customs/rules?country=Australia' }),
    expect: all(200),
  },
  'GET /api/support/customs-rules': {
    call: () => ({ method: 'get', path: '/api/support/customs-rules' }),
    expect: { guest: 401, owner: 403, other: 403 },
  },
  'GET /api/support/customs-rules/:id/history': {
    call: () => ({ method: 'get', path: `/api/support/customs-rules/${ownerProduct}/history` }),
    expect: { guest: 401, owner: 403, other: 403 },
  },
  'POST /api/support/customs-rules': {
    call: () => ({ method: 'post', path: '/api/support/customs-rules', body: customsRule }),
    expect: { guest: 401, owner: 403, other: 403 },
  },
  'PUT /api/support/customs-rules/:id': {
    call: () => ({ method: 'put', path: `/api/support/customs-rules/${ownerProduct}`, body: customsRule }),
    expect: { guest: 401, owner: 403, other: 403 },
  },
  'GET /api/support/provenance': {
    call: () => ({ method: 'get', path: '/api/support/provenance' }),
    expect: { guest: 401, owner: 403, other: 403 },
  },
  'POST /api/support/provenance/:productId/decision': {
    call: () => ({
      method: 'post',
      path: `/api/support/provenance/${ownerProduct}/decision`,
      body: { decision: 'approve' },
    }),
    expect: { guest: 401, owner: 403, other: 403 },
  },
  // Live events and the bell: each member's own, by the session (a notification of another's is 404).
  'GET /api/stream': { call: () => ({ method: 'get', path: '/api/stream', stream: true }), expect: signedIn(200) },
  'GET /api/notifications': {
    call: () => ({ method: 'get', path: '/api/notifications' }),
    expect: signedIn(200),
    check: (role, body) => {
      if (role === 'other') expect(body).toEqual({ items: [] });
    },
  },
  'GET /api/notifications/unread-count': {
    call: () => ({ method: 'get', path: '/api/notifications/unread-count' }),
    expect: signedIn(200),
  },
  'POST /api/notifications/:id/read': {
    call: async () => {
      await ordered.sale();
      const id = await eventually(async () => {
        const res = await world.http.get('/api/notifications').set('Cookie', cookies.owner!).expect(200);
        expect(res.body.items.length).toBeGreaterThan(0);
        return res.body.items[0].id as string;
      });
      return { method: 'post', path: `/api/notifications/${id}/read` };
    },
    expect: { guest: 401, owner: 204, other: 404 },
  },
  'POST /api/notifications/read-all': {
    call: () => ({ method: 'post', path: '/api/notifications/read-all' }),
    expect: signedIn(204),
  },
  // Notification settings: each member's own, by the session.
  'GET /api/me/notification-settings': {
    call: () => ({ method: 'get', path: '/api/me/notification-settings' }),
    expect: signedIn(200),
  },
  'PUT /api/me/notification-settings': {
    call: () => ({
      method: 'put',
      path: '/api/me/notification-settings',
      body: { kinds: { marketing: { inApp: false, email: false } } },
    }),
    expect: signedIn(200),
  },
  // A mail's one-click unsubscribe: the signed token is the authorisation, whoever holds it and whatever session
  // (none, or another person's); GET only sends the browser to the web app's page.
  'GET /api/unsubscribe/:token': {
    call: () => ({ method: 'get', path: `/api/unsubscribe/${ownerUnsubscribeToken()}` }),
    expect: all(303),
  },
  'POST /api/unsubscribe/:token': {
    call: () => ({ method: 'post', path: `/api/unsubscribe/${ownerUnsubscribeToken()}` }),
    expect: all(200),
    check: (_role, body) => expect(body).toEqual({ kind: 'marketing' }),
  },
  // The buyer's address book: each person reads and writes only their own; another's id is 404, as an unknown one.
  'GET /api/me/addresses': {
    call: () => ({ method: 'get', path: '/api/me/addresses' }),
    expect: signedIn(200),
    check: (role, body) => {
      if (role === 'other') expect(JSON.stringify(body)).not.toContain('Owner Street');
    },
  },
  'POST /api/me/addresses': {
    call: () => ({ method: 'post', path: '/api/me/addresses', body: savedAddress }),
    expect: signedIn(201),
  },
  'PUT /api/me/addresses/:id': {
    call: async () => ({ method: 'put', path: `/api/me/addresses/${await ownerAddress()}`, body: savedAddress }),
    expect: { guest: 401, owner: 200, other: 404 },
  },
  'DELETE /api/me/addresses/:id': {
    call: async () => ({ method: 'delete', path: `/api/me/addresses/${await ownerAddress()}` }),
    expect: { guest: 401, owner: 204, other: 404 },
  },
  // Offers: the buyer makes and withdraws, the seller answers; anyone else's offer is an unknown one (404). Made here
  // on a bundle of two of `third`'s items (25.00 each, no discount: 25.00 to 50.00), as any member may.
  'POST /api/offers': {
    call: async () => {
      const productIds = [await createProduct(world.http, third.cookie), await createProduct(world.http, third.cookie)];
      return { method: 'post', path: '/api/offers', body: { productId: productIds[0], productIds, amount: '30.00' } };
    },
    expect: signedIn(201),
  },
  // The offers between the caller and someone on an item (their conversation's): the owner's offer from `third`
  // is the owner's to see, and nobody else's.
  'GET /api/offers': {
    call: async () => {
      const productId = await createProduct(world.http, cookies.owner!);
      const res = await world.http.post('/api/offers').set('Cookie', third.cookie).send({ productId, amount: '20.00' });
      if (res.status !== 201) throw new Error(`offer: ${res.status} ${JSON.stringify(res.body)}`);
      return { method: 'get', path: `/api/offers?productId=${productId}&withUserId=${third.id}` };
    },
    expect: signedIn(200),
    check: (role, body) => {
      const items = (body as { items: { seller: { id: string } }[] }).items;
      if (role === 'owner') expect(items.map((o) => o.seller.id)).toEqual([owner.id]);
      if (role === 'other') expect(JSON.stringify(body)).not.toContain(owner.id);
    },
  },
  'POST /api/offers/:id/accept': {
    call: async () => ({ method: 'post', path: `/api/offers/${await offerTo.owner()}/accept` }),
    expect: { guest: 401, owner: 200, other: 404 },
  },
  'POST /api/offers/:id/decline': {
    call: async () => ({ method: 'post', path: `/api/offers/${await offerTo.owner()}/decline` }),
    expect: { guest: 401, owner: 200, other: 404 },
  },
  'POST /api/offers/:id/counter': {
    call: async () => ({
      method: 'post',
      path: `/api/offers/${await offerTo.owner()}/counter`,
      body: { amount: '22.00' },
    }),
    expect: { guest: 401, owner: 200, other: 404 },
  },
  // The seller's offer to the item's favouriters (`third` favourited it): the owner's to send, once a day.
  'POST /api/products/:id/offer-to-favourites': {
    call: async () => {
      const productId = await createProduct(world.http, cookies.owner!);
      await world.http.post('/api/favorites').set('Cookie', third.cookie).send({ productId }).expect(201);
      return { method: 'post', path: `/api/products/${productId}/offer-to-favourites`, body: { amount: '20.00' } };
    },
    expect: { guest: 401, owner: 201, other: 403 },
    check: (role, body) => {
      if (role === 'owner') expect(body).toEqual({ sent: 1 });
    },
  },
  'POST /api/offers/:id/withdraw': {
    call: async () => ({ method: 'post', path: `/api/offers/${await offerTo.byOwner()}/withdraw` }),
    expect: { guest: 401, owner: 200, other: 404 },
  },
  // Sellers get paid: a member sees and sets up only their own payout account and payouts (the id is the session's).
  'GET /api/payouts/account': { call: () => ({ method: 'get', path: '/api/payouts/account' }), expect: signedIn(200) },
  'POST /api/payouts/account': {
    call: () => ({ method: 'post', path: '/api/payouts/account' }),
    expect: signedIn(200),
  },
  'GET /api/payouts': { call: () => ({ method: 'get', path: '/api/payouts' }), expect: signedIn(200) },
  // The seller's ledger and its CSV download: the caller's own lines only (the id is the session's).
  'GET /api/payouts/ledger': { call: () => ({ method: 'get', path: '/api/payouts/ledger' }), expect: signedIn(200) },
  'GET /api/payouts/ledger.csv': {
    call: () => ({ method: 'get', path: '/api/payouts/ledger.csv' }),
    expect: signedIn(200),
  },
  // The test-mode onboarding link's token is the capability for a first onboarding, like Stripe's hosted page: whoever
  // holds it may open it. Changing details already given needs the owner's session too: the owner's account
  // gets its first details before each call. A fresh link of the owner's per call (a link is single-use).
  'GET /api/payouts/test-onboarding/:token': {
    call: async () => ({ method: 'get', path: `/api/payouts/test-onboarding/${await onboardingToken()}` }),
    expect: all(200),
  },
  'POST /api/payouts/test-onboarding/:token': {
    call: async () => {
      await ownerOnboarded();
      return {
        method: 'post',
        path: `/api/payouts/test-onboarding/${await onboardingToken()}`,
        body: onboardingDetails,
      };
    },
    expect: { guest: 401, owner: 200, other: 403 },
  },
  // Signed by the provider, not by a session; the test-mode provider signs its own, so a bad signature is a 400 in either mode.
  // Uploads and images are media's (the gateway proxies them): a photo needs a session; an image is public.
  'POST /api/uploads': {
    call: async () => ({ method: 'post', path: '/api/uploads', file: await photo() }),
    expect: signedIn(201),
    check: (_role, body) => expect((body as { url: string }).url).toMatch(/^\/media\/[0-9a-f]{32}-\d+\.webp$/),
  },
  'GET /media/:key': {
    call: async () => ({ method: 'get', path: await uploadedImage() }),
    expect: all(200),
  },
  'POST /api/webhooks/stripe': {
    call: () => ({
      method: 'post',
      path: '/api/webhooks/stripe',
      body: { id: 'evt_1' },
      headers: { 'stripe-signature': 't=1,v1=bad' },
    }),
    expect: all(400), // test mode verifies signatures too (its own secret): a bad one is a 400
  },
};

/** A small JPEG, a new one per call (the same bytes would land on the same stored keys). */
let photoSerial = 0;
const photo = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 20, b: photoSerial++ % 256 } } })
    .jpeg()
    .toBuffer();

/** The path of an image the owner uploaded. */
async function uploadedImage(): Promise<string> {
  const res = await world.http
    .post('/api/uploads')
    .set('Cookie', cookies.owner!)
    .attach('file', await photo(), 'photo.jpg')
    .expect(201);
  return res.body.url;
}

async function send(role: Role, c: Call): Promise<request.Response> {
  let req = world.http[c.method](c.path);
  if (role !== 'guest') req = req.set('Cookie', cookies[role]!);
  for (const [k, v] of Object.entries(c.headers ?? {})) req = req.set(k, v);
  if (c.body !== undefined) req = req.send(c.body as object);
  if (c.file) req = req.attach('file', c.file, { filename: 'photo.jpg', contentType: 'image/jpeg' });
  if (c.stream) req = req.buffer(false).parse(firstEvent);
  return req;
}

/** Reads a response up to the end of its first server-sent event (a stream never ends by itself), or to its end. */
function firstEvent(response: request.Response, done: (error: Error | null, body: unknown) => void) {
  const res = response as unknown as NodeJS.ReadableStream & request.Response & { destroy(): void };
  let text = '';
  let finished = false;
  const finish = (body: unknown) => {
    if (!finished) done(null, body);
    finished = true;
  };
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    text += chunk;
    if (text.includes('\n\n') && String(res.headers['content-type']).startsWith('text/event-stream')) {
      finish(text);
      res.destroy();
    }
  });
  res.on('end', () => finish(String(res.headers['content-type']).includes('json') ? JSON.parse(text) : text));
}

describe('authorisation matrix', () => {
  it('has a row for every route the gateway serves (a new route must be added here)', () => {
    const routes = publicRoutes(world);
    expect(routes.length).toBeGreaterThan(20);
    expect(routes).toEqual(expect.arrayContaining(['POST /api/uploads', 'GET /media/:key']));
    expect(routes.filter((r) => !(r in TABLE))).toEqual([]);
    expect(Object.keys(TABLE).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('answers every route × {guest, owner, another user} with the expected status (zero mismatches)', async () => {
    const mismatches: string[] = [];
    for (const route of publicRoutes(world)) {
      const row = TABLE[route];
      if (!row) {
        mismatches.push(`${route}: no row`);
        continue;
      }
      for (const role of ['guest', 'owner', 'other'] as Role[]) {
        const res = await send(role, await row.call(role));
        if (res.status !== row.expect[role])
          mismatches.push(
            `${route} as ${role}: ${res.status} (expected ${row.expect[role]}) ${JSON.stringify(res.body).slice(0, 200)}`,
          );
        else if (res.status >= 400) expectErrorShape(res.body, res.status);
        else row.check?.(role, res.body);
        if (row.rotatesSession && role !== 'guest')
          cookies[role] = await login(world.http, role === 'owner' ? owner.username : other.username);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('refuses an upload from a foreign Origin for everyone, before reading the photo, and stores nothing', async () => {
    const mismatches: string[] = [];
    for (const role of ['guest', 'owner', 'other'] as Role[]) {
      for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1:1']) {
        const res = await send(role, {
          method: 'post',
          path: '/api/uploads',
          file: await photo(),
          headers: { Origin: origin },
        });
        if (res.status !== 403) mismatches.push(`${role} from ${origin}: ${res.status} ${JSON.stringify(res.body)}`);
        else expectErrorShape(res.body, 403);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('refuses a signed-in upload without a file (400) or not as multipart (415), with the error shape', async () => {
    const empty = await world.http.post('/api/uploads').set('Cookie', cookies.owner!).field('note', 'no photo');
    expect(empty.status).toBe(400);
    expectErrorShape(empty.body, 400);
    const json = await world.http.post('/api/uploads').set('Cookie', cookies.owner!).send({ file: 'x' });
    expect(json.status).toBe(415);
    expectErrorShape(json.body, 415);
  });
});

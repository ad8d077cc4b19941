// Authorisation matrix: every route the gateway serves × {guest, owner, another user} → the expected status.
// The routes come from the gateway's own router, so a new route without a row here fails the suite.
import request from 'supertest';
import {
  type Account, createProduct, expectErrorShape, guestInfo, listRoutes, login, register, shipping, startWorld, unique, type World,
} from '../support/world';

type Role = 'guest' | 'owner' | 'other';
interface Call { method: 'get' | 'post' | 'put' | 'delete'; path: string; body?: unknown; headers?: Record<string, string> }
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
let ownerIntent: string;
const cookies: Partial<Record<Role, string>> = {};

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
  await http.post('/api/messages').set('Cookie', owner.cookie).send({ toUserId: third.id, productId: thirdProduct, content: 'Secret owner note' }).expect(201);
  const intent = await http.post('/api/create-payment-intent').set('Cookie', owner.cookie).send({ productId: thirdProduct, amount: '25.00', guestInfo: shipping }).expect(200);
  ownerIntent = intent.body.paymentIntentId;
}, 120_000);

afterAll(async () => {
  await world?.stop();
});

const all = (status: number): Record<Role, number> => ({ guest: status, owner: status, other: status });
const signedIn = (status: number): Record<Role, number> => ({ guest: 401, owner: status, other: status });

const TABLE: Record<string, Row> = {
  'GET /healthz': { call: () => ({ method: 'get', path: '/healthz' }), expect: all(200) },
  'GET /readyz': { call: () => ({ method: 'get', path: '/readyz' }), expect: all(200) },
  'GET /api/auth/me': {
    call: () => ({ method: 'get', path: '/api/auth/me' }), expect: signedIn(200),
    check: (role, body) => { if (role === 'other') expect((body as { id: string }).id).toBe(other.id); },
  },
  'POST /api/auth/login': { call: () => ({ method: 'post', path: '/api/auth/login', body: { username: third.username, password: 'secret1' } }), expect: all(200), rotatesSession: true },
  'POST /api/auth/register': {
    call: () => { const u = unique('reg'); return { method: 'post', path: '/api/auth/register', body: { email: `${u}@example.com`, password: 'secret1', username: u, firstName: 'R', lastName: 'R' } }; },
    expect: all(201), rotatesSession: true,
  },
  'POST /api/auth/logout': { call: () => ({ method: 'post', path: '/api/auth/logout' }), expect: all(204), rotatesSession: true },
  'GET /api/users/:id': {
    call: () => ({ method: 'get', path: `/api/users/${owner.id}` }), expect: all(200),
    check: (_role, body) => expect(body).not.toHaveProperty('email'),
  },
  'PUT /api/users/:id': {
    call: () => ({ method: 'put', path: `/api/users/${owner.id}`, body: { firstName: 'Owner', lastName: 'Renamed', location: 'Faro' } }),
    expect: { guest: 401, owner: 200, other: 403 },
  },
  'GET /api/users/:id/products': { call: () => ({ method: 'get', path: `/api/users/${owner.id}/products` }), expect: all(200) },
  'GET /api/products': { call: () => ({ method: 'get', path: '/api/products' }), expect: all(200) },
  'GET /api/products/:id': { call: () => ({ method: 'get', path: `/api/products/${ownerProduct}` }), expect: all(200) },
  'POST /api/products': { call: () => ({ method: 'post', path: '/api/products', body: { title: 'Matrix listing', description: 'A description long enough to be valid here.', price: 5, condition: 'new', category: 'Art', country: 'Chile', images: ['https://example.com/x.png'] } }), expect: signedIn(201) },
  'DELETE /api/products/:id': {
    call: async () => ({ method: 'delete', path: `/api/products/${await createProduct(world.http, owner.cookie)}` }),
    expect: { guest: 401, owner: 204, other: 403 },
  },
  'GET /api/categories': { call: () => ({ method: 'get', path: '/api/categories' }), expect: all(200) },
  'GET /api/favorites': { call: () => ({ method: 'get', path: '/api/favorites' }), expect: signedIn(200) },
  'POST /api/favorites': { call: () => ({ method: 'post', path: '/api/favorites', body: { productId: ownerProduct } }), expect: signedIn(201) },
  'DELETE /api/favorites/:productId': { call: () => ({ method: 'delete', path: `/api/favorites/${ownerProduct}` }), expect: signedIn(204) },
  'GET /api/messages/conversations': {
    call: () => ({ method: 'get', path: '/api/messages/conversations' }), expect: signedIn(200),
    check: (role, body) => { if (role === 'other') expect(JSON.stringify(body)).not.toContain('Secret owner note'); },
  },
  'GET /api/messages/unread-count': { call: () => ({ method: 'get', path: '/api/messages/unread-count' }), expect: signedIn(200) },
  'GET /api/messages/:otherUserId': {
    // The owner's thread with the third user: another user asking for the same path only ever sees their own (empty) thread.
    call: () => ({ method: 'get', path: `/api/messages/${third.id}?productId=${thirdProduct}` }), expect: signedIn(200),
    check: (role, body) => {
      if (role === 'owner') expect(JSON.stringify(body)).toContain('Secret owner note');
      if (role === 'other') expect(body).toEqual([]);
    },
  },
  'POST /api/messages': {
    call: () => ({ method: 'post', path: '/api/messages', body: { toUserId: owner.id, productId: ownerProduct, content: 'Is it still available?' } }),
    expect: { guest: 401, owner: 403, other: 201 },
  },
  'POST /api/create-payment-intent': {
    call: (role) => ({ method: 'post', path: '/api/create-payment-intent', body: { productId: ownerProduct, amount: '25.00', guestInfo: role === 'guest' ? guestInfo : shipping } }),
    expect: { guest: 200, owner: 403, other: 200 },
  },
  // The payment intent id is the capability (like Stripe's client secret); an incomplete card changes nothing.
  'POST /api/payments/test-confirm': {
    call: () => ({ method: 'post', path: '/api/payments/test-confirm', body: { paymentIntentId: ownerIntent, card: { number: '4242' } } }), expect: all(200),
  },
  // A signed-in buyer's order is theirs alone: nobody else learns its state.
  'POST /api/payments/reconcile': {
    call: () => ({ method: 'post', path: '/api/payments/reconcile', body: { paymentIntentId: ownerIntent } }),
    expect: { guest: 404, owner: 200, other: 404 },
  },
  'GET /api/orders': {
    call: () => ({ method: 'get', path: '/api/orders' }), expect: signedIn(200),
    check: (role, body) => { if (role === 'other') expect(JSON.stringify(body)).not.toContain(thirdProduct); },
  },
  // Signed by the provider, not by a session; in test mode there is no Stripe webhook (404), without a signature 400.
  'POST /api/webhooks/stripe': {
    call: () => ({ method: 'post', path: '/api/webhooks/stripe', body: { id: 'evt_1' }, headers: { 'stripe-signature': 't=1,v1=bad' } }), expect: all(404),
  },
};

async function send(role: Role, c: Call): Promise<request.Response> {
  let req = world.http[c.method](c.path);
  if (role !== 'guest') req = req.set('Cookie', cookies[role]!);
  for (const [k, v] of Object.entries(c.headers ?? {})) req = req.set(k, v);
  if (c.body !== undefined) req = req.send(c.body as object);
  return req;
}

describe('authorisation matrix', () => {
  it('has a row for every route the gateway serves (a new route must be added here)', () => {
    const routes = listRoutes(world.gateway);
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((r) => !(r in TABLE))).toEqual([]);
    expect(Object.keys(TABLE).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('answers every route × {guest, owner, another user} with the expected status (zero mismatches)', async () => {
    const mismatches: string[] = [];
    for (const route of listRoutes(world.gateway)) {
      const row = TABLE[route];
      if (!row) { mismatches.push(`${route}: no row`); continue; }
      for (const role of ['guest', 'owner', 'other'] as Role[]) {
        const res = await send(role, await row.call(role));
        if (res.status !== row.expect[role]) mismatches.push(`${route} as ${role}: ${res.status} (expected ${row.expect[role]}) ${JSON.stringify(res.body).slice(0, 200)}`);
        else if (res.status >= 400) expectErrorShape(res.body, res.status);
        else row.check?.(role, res.body);
        if (row.rotatesSession && role !== 'guest') cookies[role] = await login(world.http, role === 'owner' ? owner.username : other.username);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

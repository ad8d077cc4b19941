// Fuzzing every route the gateway serves with generated malformed input: no 5xx other than 503, and every 4xx
// carries the documented error shape `{ statusCode, message, errors? }`.
import fc from 'fast-check';
import type request from 'supertest';
import { type Account, createProduct, expectErrorShape, guestInfo, listRoutes, listing, login, register, startWorld, unique, type World } from '../support/world';

let world: World;
let member: Account;
let productId: string;

beforeAll(async () => {
  world = await startWorld({ LOGIN_MAX_PER_IP: '100000', LOGIN_MAX_PER_ACCOUNT: '100000', REGISTER_MAX_PER_IP: '100000' });
  member = await register(world.http, unique('fuzz'));
  productId = await createProduct(world.http, member.cookie);
}, 120_000);

afterAll(async () => {
  await world?.stop();
});

/** Valid bodies, mutated by the generators below so that the fuzz reaches deep validation as well as the parser. */
const TEMPLATES: Record<string, () => Record<string, unknown>> = {
  'POST /api/auth/login': () => ({ username: member.username, password: 'wrong-password' }),
  'POST /api/auth/register': () => ({ email: 'f@example.com', password: 'secret1', username: unique('f'), firstName: 'F', lastName: 'Z', location: 'X' }),
  'PUT /api/users/:id': () => ({ firstName: 'F', lastName: 'Z', location: 'Y' }),
  'POST /api/products': () => listing(),
  'POST /api/favorites': () => ({ productId }),
  'POST /api/messages': () => ({ toUserId: member.id, productId, content: 'hello' }),
  'POST /api/create-payment-intent': () => ({ productId, amount: '25.00', guestInfo }),
  'POST /api/payments/test-confirm': () => ({ paymentIntentId: 'pi_test_x', card: { number: '4242', cvc: '1' } }),
  'POST /api/payments/reconcile': () => ({ paymentIntentId: 'pi_test_x' }),
  'POST /api/webhooks/stripe': () => ({ id: 'evt' }),
};

const weirdString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom('', ' ', '\u0000', '\u202e', 'null', 'undefined', 'NaN', '-1', '1e309', '0x10', '💥'.repeat(50), '<script>alert(1)</script>',
    "' OR 1=1 --", '../../etc/passwd', '%00', '{{7*7}}', '${7*7}', 'a'.repeat(5000), 'ü'.repeat(3000)),
);
const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  weirdString,
  fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({}),
  fc.array(weirdString, { maxLength: 4 }), fc.dictionary(weirdString, weirdString, { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);
const oddId = fc.oneof(
  fc.uuid(), fc.constant('00000000-0000-0000-0000-000000000000'), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('..', '%', '%E0%A4%A', '%00', 'null', '-1', '1.5', '[]', 'a'.repeat(3000), '__proto__', 'constructor', ' '),
);

type Body = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; type: string };
const bodyFor = (route: string): fc.Arbitrary<Body> => {
  const template = TEMPLATES[route] ?? (() => ({}));
  const mutated = fc.tuple(fc.array(fc.tuple(weirdString, weirdValue), { maxLength: 4 }), fc.array(fc.nat(20), { maxLength: 3 }), fc.boolean())
    .map(([changes, drops, useKnownKeys]) => {
      const body: Record<string, unknown> = template();
      const keys = Object.keys(body);
      for (const d of drops) if (keys.length) delete body[keys[d % keys.length]];
      for (const [k, v] of changes) body[useKnownKeys && keys.length ? keys[k.length % keys.length] : k] = v;
      return { kind: 'json', value: body } as Body;
    });
  return fc.oneof(
    { weight: 4, arbitrary: mutated },
    { weight: 2, arbitrary: weirdValue.map((value) => ({ kind: 'json', value }) as Body) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.constantFrom('{', '{"a":', '[1,2', 'nul', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}', '\u0000', '"\\ud800"', '[[[[[[[[[[]]]]]]]]]]'),
        fc.string({ maxLength: 50 }),
        fc.constant('['.repeat(5000) + ']'.repeat(5000)),
        fc.constant(JSON.stringify({ title: 'x'.repeat(120_000) })),
      ).map((text) => ({ kind: 'raw', text, type: 'application/json' }) as Body),
    },
    { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1').map((type) => ({ kind: 'raw', text: 'a=1&b=2', type }) as Body) },
  );
};
const queryKeys = ['search', 'country', 'minPrice', 'maxPrice', 'categories', 'condition', 'location', 'sort', 'limit', 'cursor', 'productId', 'unknown', '__proto__', 'a[b]'];
const query = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...queryKeys), weirdString), fc.oneof(weirdString, oddId)), { maxLength: 5 });

function encode(text: string): string {
  try { return encodeURIComponent(text); } catch { return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '?')); }
}
/** Path params stay raw when they look like an encoding already (to reach the router's decoder). */
const asPathSegment = (id: string) => (/^%|^\.\.$/.test(id) ? id : encode(id));

describe('fuzzing every route with malformed input', () => {
  it('never answers a 5xx other than 503, and every 4xx has the error shape', async () => {
    const routes = listRoutes(world.gateway);
    const failures: string[] = [];
    let requests = 0;
    for (const route of routes) {
      const [method, pattern] = route.split(' ');
      const hasBody = method !== 'GET' && method !== 'DELETE';
      const arbitrary = fc.record({ ids: fc.array(oddId, { minLength: 2, maxLength: 2 }), query, body: bodyFor(route), signedIn: fc.boolean() });
      await fc.assert(fc.asyncProperty(arbitrary, async ({ ids, query: q, body, signedIn }) => {
        let i = 0;
        const path = pattern.replace(/:[A-Za-z]+/g, () => asPathSegment(ids[i++]));
        // Node refuses request heads over 16 kB by closing the socket (431): keep URLs below that.
        const qs = q.map(([k, v]) => `${encode(k)}=${encode(v)}`).reduce((acc, pair) => (acc.length + pair.length > 8000 ? acc : acc ? `${acc}&${pair}` : pair), '');
        const url = qs ? `${path}?${qs}` : path;
        let req: request.Test = world.http[method.toLowerCase() as 'get'](url);
        if (signedIn) req = req.set('Cookie', member.cookie);
        if (hasBody) {
          if (body.kind === 'json') req = req.set('Content-Type', 'application/json').send(JSON.stringify(body.value) ?? 'null');
          else req = req.set('Content-Type', body.type).send(body.text);
        }
        const res = await req;
        requests++;
        const where = `${method} ${url.slice(0, 120)} body=${JSON.stringify(body).slice(0, 160)}`;
        if (res.status >= 500 && res.status !== 503) failures.push(`${res.status} ${where} ${JSON.stringify(res.body)}`);
        if (res.status >= 400) {
          try { expectErrorShape(res.body, res.status); } catch { failures.push(`bad error shape ${res.status} ${where}: ${res.text.slice(0, 200)}`); }
        }
        // Sign-in routes replace or end the session: keep a valid cookie for the next runs.
        if (signedIn && /auth\/(login|logout|register)/.test(route) && res.status < 300) member.cookie = await login(world.http, member.username);
      }), { numRuns: Number(process.env.FUZZ_RUNS ?? 40), seed: Number(process.env.FUZZ_SEED ?? 20261123), endOnFailure: true });
    }
    expect(failures.slice(0, 20)).toEqual([]);
    expect(requests).toBeGreaterThan(routes.length * 25);
  });
});

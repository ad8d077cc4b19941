// Fuzzing every route the gateway serves with generated malformed input: no 5xx other than 503, and every 4xx
// carries the documented error shape `{ statusCode, message, errors? }`.
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Client } from 'pg';
import sharp from 'sharp';
import type request from 'supertest';
import {
  type Account,
  createProduct,
  expectErrorShape,
  guestInfo,
  listRoutes,
  listing,
  login,
  publicRoutes,
  register,
  shipping,
  startWorld,
  unique,
  type World,
} from '../support/world';

let world: World;
/** The caller of the signed-in requests: a buyer, who favourites, messages and pays for `seller`'s products. */
let member: Account;
let seller: Account;
/** One of the seller's products, bought by nobody: the target of favourites, messages and payment intents. */
let productId: string;
/** Another of the seller's products, offered in a bundle with `productId` (`POST /api/offers` `productIds`). */
let bundleItemId: string;
/** The member's own listing: the target of edits (PATCH /api/products/{id}). */
let ownProductId: string;
/** A payment intent of `member`'s for another of the seller's products (confirmed with incomplete cards only). */
let paymentIntentId: string;
let clientSecret: string;

beforeAll(async () => {
  // Sign-in limits out of the way: the login template's wrong password would otherwise slow the member's own sign-in.
  world = await startWorld({
    LOGIN_MAX_PER_IP: '100000',
    LOGIN_MAX_PER_ACCOUNT: '100000',
    LOGIN_FREE_FAILURES_PER_CLIENT: '100000',
    REGISTER_MAX_PER_IP: '100000',
  });
  member = await register(world.http, unique('fuzz'));
  seller = await register(world.http, unique('fuzzs'));
  productId = await createProduct(world.http, seller.cookie);
  bundleItemId = await createProduct(world.http, seller.cookie, { price: '15.00' });
  ownProductId = await createProduct(world.http, member.cookie);
  const forSale = await createProduct(world.http, seller.cookie, { price: '31.50' });
  const intent = await world.http
    .post('/api/create-payment-intent')
    .set('Cookie', member.cookie)
    .send({ productId: forSale, amount: '31.50', guestInfo: shipping });
  if (intent.status !== 200) throw new Error(`payment intent: ${intent.status} ${JSON.stringify(intent.body)}`);
  paymentIntentId = intent.body.paymentIntentId;
  clientSecret = intent.body.clientSecret;
  // Two of everything that is paged, so that a page of one has a next page and a cursor to forge.
  for (const id of [productId, forSale]) {
    await world.http.post('/api/favorites').set('Cookie', member.cookie).send({ productId: id }).expect(201);
    await world.http
      .post('/api/messages')
      .set('Cookie', member.cookie)
      .send({ toUserId: seller.id, productId: id, content: 'Is it available?' })
      .expect(201);
  }
}, 120_000);

afterAll(async () => {
  await world?.stop();
});

/** Valid bodies, mutated by the generators below so that the fuzz reaches deep validation as well as the parser. */
/** An address of the buyer's address book, valid as it is (postcode of its country). */
const savedAddress = {
  firstName: 'Fay',
  lastName: 'Fuzz',
  line1: '1 Main St',
  line2: 'Apt 2',
  city: 'Toronto',
  region: 'ON',
  postcode: 'M5H 2N2',
  country: 'Canada',
  phone: '+1 416 555 0100',
};

const TEMPLATES: Record<string, () => Record<string, unknown>> = {
  'POST /api/auth/login': () => ({ username: member.username, password: 'wrong-password' }),
  'POST /api/auth/register': () => ({
    email: 'f@example.com',
    password: 'secret1',
    username: unique('f'),
    firstName: 'F',
    lastName: 'Z',
    location: 'X',
  }),
  // WebAuthn answers in their JSON shape, with bytes no authenticator made: refused as a passkey, never a fault.
  'POST /api/auth/passkeys': () => ({
    name: 'Fuzz key',
    response: {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      response: { clientDataJSON: 'e30', attestationObject: 'oA', transports: ['internal'] },
      clientExtensionResults: {},
    },
  }),
  'POST /api/auth/passkeys/login': () => ({
    response: {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA', userHandle: 'AAAA' },
      clientExtensionResults: {},
    },
  }),
  'PUT /api/users/:id': () => ({ firstName: 'F', lastName: 'Z', location: 'Y' }),
  // Never the member's password: the fuzzed body must not delete the account the other routes run as.
  'DELETE /api/users/:id': () => ({ password: 'wrong-password', code: '123456' }),
  'POST /api/products': () => listing(undefined, { originalPrice: '40.00' }),
  // On the member's own listing (see realPath), so each field reaches the sell form's rules in catalog.
  'PATCH /api/products/:id': () => ({
    title: 'Edited souvenir title',
    price: '20.00',
    images: ['https://example.com/e.jpg'],
  }),
  // On the member's own listing (see realPath), for the seller: each field reaches catalog's rules for reserving.
  'POST /api/products/:id/reserve': () => ({ buyerId: seller.id, hours: 24 }),
  // On the member's own listing too, which nobody favourited: each amount reaches payments' bounds, and a valid one
  // sends nothing (so no round is counted and the next one is checked the same way).
  'POST /api/products/:id/offer-to-favourites': () => ({ amount: '20.00' }),
  // Away mode: the member's own (nobody buys from the member here, so their being away changes no other route).
  'PUT /api/me/away': () => ({
    until: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    message: 'Away for a week',
  }),
  'PUT /api/me/bundle-discount': () => ({ minItems: 3, percent: 10 }),
  'POST /api/favorites': () => ({ productId }),
  'POST /api/messages': () => ({ toUserId: seller.id, productId, content: 'hello' }),
  'POST /api/create-payment-intent': () => ({ productId, amount: '25.00', guestInfo }),
  'POST /api/me/addresses': () => ({ ...savedAddress }),
  // Offers on the seller's product or on a bundle of two of theirs (the amount within the bounds of either: 25.00
  // alone, 40.00 together; a dropped productIds is an offer on the one item), and a counter's amount; answers take
  // no body.
  'POST /api/offers': () => ({ productId, productIds: [productId, bundleItemId], amount: '20.00' }),
  'POST /api/offers/:id/counter': () => ({ amount: '20.00' }),
  'POST /api/offers/:id/accept': () => ({}),
  'POST /api/offers/:id/decline': () => ({}),
  'POST /api/offers/:id/withdraw': () => ({}),
  // "Download my data" takes no body: whatever is sent is ignored, never a fault (and the daily limit answers 429).
  'POST /api/me/export': () => ({ format: 'zip' }),
  // Blocking takes no body: whatever is sent is ignored (the seller blocked here is never the member's counterpart
  // in the other templates: the id is fuzzed).
  'POST /api/users/:id/block': () => ({}),
  'PUT /api/me/addresses/:id': () => ({ ...savedAddress, isDefault: true }),
  'PUT /api/me/notification-settings': () => ({
    kinds: { messages: { inApp: true, email: false }, marketing: { inApp: true, email: false } },
    quietHours: { start: '22:00', end: '08:00', timeZone: 'Europe/Lisbon' },
    digest: 'daily',
  }),
  // An incomplete card: answered with the spec's message, never charged.
  'POST /api/payments/test-confirm': () => ({
    clientSecret,
    card: { number: '4242', expMonth: '12', expYear: '2040', cvc: '1', postalCode: '10001' },
  }),
  'POST /api/payments/reconcile': () => ({ paymentIntentId, clientSecret }),
  'POST /api/webhooks/stripe': () => ({ id: 'evt' }),
  'POST /api/orders/:ref/ship': () => ({ carrier: 'DHL', trackingNumber: 'JD 0123-45' }),
  'POST /api/orders/:ref/cancel': () => ({ reason: 'Broke while packing' }),
  'POST /api/orders/:ref/claims': () => ({
    reason: 'damaged',
    description: 'Arrived broken',
    photos: ['https://example.com/b.jpg'],
  }),
  'POST /api/orders/:ref/claim/response': () => ({ accept: false, statement: 'Packed well' }),
  'POST /api/support/claims/:id/decision': () => ({ outcome: 'refund', reason: 'Photos show it' }),
  'POST /api/support/customs-rules': () => ({
    country: 'Canada',
    contents: 'wood',
    kind: 'allowed',
    sentence: 'A rule written for the fuzz test.',
    sourceUrl: 'https://example.com/source',
    sourceTitle: 'An example source',
    lastCheckedOn: '2026-11-25',
  }),
  'PUT /api/support/customs-rules/:id': () => ({
    country: 'Canada',
    contents: 'wood',
    kind: 'allowed',
    sentence: 'A rule written for the fuzz test.',
    sourceUrl: 'https://example.com/source',
    sourceTitle: 'An example source',
    lastCheckedOn: '2026-11-25',
  }),
  'POST /api/support/provenance/:productId/decision': () => ({ decision: 'approve' }),
  'POST /api/orders/:id/review': () => ({ rating: 5, text: 'Lovely,\nwell packed' }),
  'PUT /api/orders/:id/review': () => ({ rating: 4, text: 'Lovely' }),
  'POST /api/reviews/:id/reply': () => ({ text: 'Thank you!' }),
  'POST /api/reviews/:id/report': () => ({ reason: 'Not about the order,\nplease look' }),
  'POST /api/reports': () => ({
    subjectType: 'product',
    subjectId: productId,
    reason: 'counterfeit',
    details: 'The logo is wrong,\nsee photo 2',
  }),
  'POST /api/reports/:id/appeal': () => ({ message: 'It is hand-made,\nnot a copy' }),
  'POST /api/support/reports/:id/decision': () => ({ action: 'hide', reason: 'Counterfeit brand' }),
  'PUT /api/support/moderation/keywords': () => ({ keywords: ['ivory', 'replica'] }),
  // Home's words and filters; past the 50 a person keeps, a 409 with its sentence.
  'POST /api/saved-searches': () => ({
    search: 'talavera tile',
    country: 'Mexico',
    minPrice: 5,
    maxPrice: 50,
    categories: ['Ceramics & Pottery'],
    condition: 'new',
  }),
};

const weirdString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e',
    'null',
    'undefined',
    'NaN',
    '-1',
    '1e309',
    '0x10',
    '💥'.repeat(50),
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '%00',
    '{{7*7}}',
    '${7*7}',
    'a'.repeat(5000),
    'ü'.repeat(3000),
  ),
);
const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  weirdString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(weirdString, { maxLength: 4 }),
  fc.dictionary(weirdString, weirdString, { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);
const oddId = fc.oneof(
  fc.uuid(),
  fc.constant('00000000-0000-0000-0000-000000000000'),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '..',
    '%',
    '%E0%A4%A',
    '%00',
    'null',
    '-1',
    '1.5',
    '[]',
    'a'.repeat(3000),
    '__proto__',
    'constructor',
    ' ',
  ),
);

type Body = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; type: string };
const bodyFor = (route: string): fc.Arbitrary<Body> => {
  const template = TEMPLATES[route] ?? (() => ({}));
  const mutated = fc
    .tuple(
      fc.array(fc.tuple(weirdString, weirdValue), { maxLength: 4 }),
      fc.array(fc.nat(20), { maxLength: 3 }),
      fc.boolean(),
    )
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
      arbitrary: fc
        .oneof(
          fc.constantFrom(
            '{',
            '{"a":',
            '[1,2',
            'nul',
            '{"__proto__":{"isAdmin":true}}',
            '{"constructor":{"prototype":{"x":1}}}',
            '\u0000',
            '"\\ud800"',
            '[[[[[[[[[[]]]]]]]]]]',
          ),
          fc.string({ maxLength: 50 }),
          fc.constant('['.repeat(5000) + ']'.repeat(5000)),
          fc.constant(JSON.stringify({ title: 'x'.repeat(120_000) })),
        )
        .map((text) => ({ kind: 'raw', text, type: 'application/json' }) as Body),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/json; charset=latin1',
        )
        .map((type) => ({ kind: 'raw', text: 'a=1&b=2', type }) as Body),
    },
  );
};
const queryKeys = [
  'search',
  'country',
  'minPrice',
  'maxPrice',
  'categories',
  'condition',
  'location',
  'sort',
  'limit',
  'cursor',
  'productId',
  'withUserId',
  'role',
  'unknown',
  '__proto__',
  'a[b]',
];
const query = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...queryKeys), weirdString), fc.oneof(weirdString, oddId)), {
  maxLength: 5,
});

function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '?'));
  }
}
/** Path params stay raw when they look like an encoding already (to reach the router's decoder). */
const asPathSegment = (id: string) => (/^%|^\.\.$/.test(id) ? id : encode(id));

/**
 * The live stream (`GET /api/stream`) answers an open `text/event-stream` that never ends: its head is read and the
 * connection closed (the server drops the stream). Every other answer, its refusals included, is read whole.
 */
const hangUpOnStreams = (req: request.Test, url: string): request.Test =>
  !url.startsWith('/api/stream')
    ? req
    : req.buffer(true).parse((response, done) => {
        const res = response as unknown as IncomingMessage & { text: string };
        if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          res.destroy();
          return done(null, {});
        }
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          res.text = text;
          try {
            done(null, text ? JSON.parse(text) : {});
          } catch {
            done(null, {});
          }
        });
      });

/** A DELETE carries a body only where the route takes one (account deletion's password). */
const sendsBody = (route: string) => !route.startsWith('GET ') && (!route.startsWith('DELETE ') || route in TEMPLATES);

describe('fuzzing every route with malformed input', () => {
  it('never answers a 5xx other than 503, and every 4xx has the error shape', async () => {
    const routes = publicRoutes(world);
    const failures: string[] = [];
    let requests = 0;
    for (const route of routes) {
      const [method, pattern] = route.split(' ');
      const hasBody = sendsBody(route);
      const arbitrary = fc.record({
        ids: fc.array(oddId, { minLength: 2, maxLength: 2 }),
        query,
        body: bodyFor(route),
        signedIn: fc.boolean(),
      });
      await fc.assert(
        fc.asyncProperty(arbitrary, async ({ ids, query: q, body, signedIn }) => {
          let i = 0;
          const path = pattern.replace(/:[A-Za-z]+/g, () => asPathSegment(ids[i++]));
          // Node refuses request heads over 16 kB by closing the socket (431): keep URLs below that.
          const qs = q
            .map(([k, v]) => `${encode(k)}=${encode(v)}`)
            .reduce((acc, pair) => (acc.length + pair.length > 8000 ? acc : acc ? `${acc}&${pair}` : pair), '');
          const url = qs ? `${path}?${qs}` : path;
          let req: request.Test = world.http[method.toLowerCase() as 'get'](url);
          if (signedIn) req = req.set('Cookie', member.cookie);
          if (hasBody) {
            if (body.kind === 'json')
              req = req.set('Content-Type', 'application/json').send(JSON.stringify(body.value) ?? 'null');
            else req = req.set('Content-Type', body.type).send(body.text);
          }
          const res = await hangUpOnStreams(req, url);
          requests++;
          const where = `${method} ${url.slice(0, 120)} body=${JSON.stringify(body).slice(0, 160)}`;
          if (res.status >= 500 && res.status !== 503)
            failures.push(`${res.status} ${where} ${JSON.stringify(res.body)}`);
          if (res.status >= 400) {
            try {
              expectErrorShape(res.body, res.status);
            } catch {
              failures.push(`bad error shape ${res.status} ${where}: ${res.text.slice(0, 200)}`);
            }
          }
          // Sign-in routes replace or end the session: keep a valid cookie for the next runs.
          if (signedIn && /auth\/(login|logout|register)/.test(route) && res.status < 300)
            member.cookie = await login(world.http, member.username);
        }),
        {
          numRuns: Number(process.env.FUZZ_RUNS ?? 40),
          seed: Number(process.env.FUZZ_SEED ?? 20261123),
          endOnFailure: true,
        },
      );
    }
    expect(failures.slice(0, 20)).toEqual([]);
    expect(requests).toBeGreaterThan(routes.length * 25);
  });
});

/**
 * Uploads take bytes, not JSON: multipart bodies whose file is random bytes, a real photo cut short or behind another
 * format's signature, under any name and type, in the right field or another. Each is a 201 (a photo sharp reads in
 * full) or a 4xx with the error shape, never a 5xx; and a refused one stores nothing (media's table of uploads).
 */
describe('fuzzing uploads with malformed files', () => {
  it('answers 201 or a 4xx with the error shape, and stores nothing when it refuses', async () => {
    const db = new Client({ connectionString: world.infra.env.DATABASE_URL });
    await db.connect();
    const uploads = async () => Number((await db.query('SELECT count(*) FROM media.uploads')).rows[0].count);
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a53' } })
      .jpeg()
      .toBuffer();
    const SIGNATURES = [
      Buffer.alloc(0),
      photo.subarray(0, 4),
      Buffer.from('89504e470d0a1a0a', 'hex'),
      Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'),
      Buffer.from('\0\0\0\x18ftypheic', 'latin1'),
      Buffer.from('GIF89a', 'latin1'),
      Buffer.from('PK\x03\x04', 'latin1'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">', 'latin1'),
    ];
    const failures: string[] = [];
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            signature: fc.constantFrom(...SIGNATURES),
            tail: fc.oneof(
              fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)),
              fc.nat({ max: photo.length }).map((cut) => photo.subarray(0, cut)),
            ),
            field: fc.constantFrom('file', 'file', 'photo', 'file[]'),
            filename: fc.constantFrom('photo.jpg', 'a.png', 'x.zip', '', '../../etc/passwd', 'ü\u0000.jpg'),
            contentType: fc.constantFrom('image/jpeg', 'image/png', 'application/zip', 'text/html'),
          }),
          async ({ signature, tail, field, filename, contentType }) => {
            const bytes = Buffer.concat([signature, tail]);
            const before = await uploads();
            const res = await world.http
              .post('/api/uploads')
              .set('Cookie', member.cookie)
              .attach(field, bytes, { filename: filename || 'blob', contentType });
            const where = `${res.status} ${field} ${filename} ${contentType} ${bytes.subarray(0, 12).toString('hex')}…(${bytes.length} B)`;
            if (res.status === 201) return;
            if (res.status >= 500 && res.status !== 503) failures.push(`5xx: ${where} ${res.text.slice(0, 200)}`);
            else if (![400, 413, 415].includes(res.status)) failures.push(`unexpected: ${where}`);
            else {
              try {
                expectErrorShape(res.body, res.status);
              } catch {
                failures.push(`bad error shape: ${where} ${res.text.slice(0, 200)}`);
              }
              if ((await uploads()) !== before) failures.push(`stored although refused: ${where}`);
            }
          },
        ),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 40) * 2, seed: Number(process.env.FUZZ_SEED ?? 20261123) },
      );
    } finally {
      await db.end();
    }
    expect(failures.slice(0, 20)).toEqual([]);
    // The whole photo, sent as the generator sends, is accepted: the refusals are the bytes', not the request's.
    const whole = await world.http
      .post('/api/uploads')
      .set('Cookie', member.cookie)
      .attach('file', photo, { filename: 'photo.jpg', contentType: 'image/jpeg' });
    expect(whole.status).toBe(201);
  });
});

/**
 * The classes of input that once gave 500s, tried deterministically in every field of every route's
 * template, every query parameter and every path parameter, so a new field or route cannot bring them back. Each
 * class is answered by its own defence, checked by its message: the backstop that maps Postgres's data errors to
 * 400 would otherwise hide a missing check.
 */
describe('every field with the inputs that gave 500s', () => {
  /** NUL and unpaired surrogates (high, low, reversed pair), alone and after valid text so length rules pass. */
  const UNSAFE_TEXT = [
    '\u0000',
    'valid text\u0000',
    '\ud800',
    'valid text\ud800',
    '\udc00',
    'valid text\udfff',
    '\udc00\ud800',
  ];
  const UNSAFE_TEXT_MESSAGE = /must not contain NUL characters or unpaired surrogates/;
  /** Letters and digits that unaccent turns into tsquery syntax: `(1)`, `:`, `'`. */
  const SEARCH_CHARACTERS = ['⑴', 'ː', 'ʼ', 'aʼb ː⑴', 'ʼʼ', '½', '«»'];

  type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
  /** Every leaf of a JSON value with its path, and every inner node (to drop whole objects, e.g. `card`). */
  function pathsOf(
    value: Json,
    path: (string | number)[] = [],
  ): { path: (string | number)[]; leaf: boolean; value: Json }[] {
    if (value === null || typeof value !== 'object') return [{ path, leaf: true, value }];
    const children = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
    return [
      ...(path.length ? [{ path, leaf: false, value }] : []),
      ...children.flatMap(([k, v]) => pathsOf(v, [...path, k])),
    ];
  }
  function withValue(root: Json, path: (string | number)[], value: Json | undefined): Json {
    const copy = structuredClone(root) as Record<string | number, Json>;
    let node = copy;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
    const last = path[path.length - 1];
    if (value !== undefined) node[last] = value;
    else if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
    return copy;
  }
  const isNumberLike = (v: Json) => typeof v === 'number' || (typeof v === 'string' && /^\d+(\.\d+)?$/.test(v));

  /** Real ids for the path parameters, so a request reaches the service behind the route. */
  const realPath = (pattern: string, method?: string) =>
    (method === 'PATCH' ? pattern.replace(/^\/api\/products\/:id$/, `/api/products/${ownProductId}`) : pattern)
      .replace(
        /^\/api\/products\/:id\/(reserve|offer-to-favourites)$/,
        (_, action) => `/api/products/${ownProductId}/${action}`,
      )
      .replace(/(products|favorites)\/:[A-Za-z]+/, (_, area) => `${area}/${productId}`)
      .replace(/users\/:[A-Za-z]+/, () => `users/${member.id}`)
      .replace(/messages\/:[A-Za-z]+/, () => `messages/${seller.id}`)
      .replace(/:[A-Za-z]+/g, () => randomUUID());

  async function call(
    method: string,
    url: string,
    body: Json | undefined,
    signedIn: boolean,
  ): Promise<request.Response> {
    let req: request.Test = world.http[method.toLowerCase() as 'get'](url);
    if (signedIn) req = req.set('Cookie', member.cookie);
    if (body !== undefined) req = req.set('Content-Type', 'application/json').send(JSON.stringify(body));
    const res = await hangUpOnStreams(req, url);
    // Sign-in routes replace or end the session: keep a valid cookie for the next requests.
    if (signedIn && /auth\/(login|logout|register)/.test(url) && res.status < 300)
      member.cookie = await login(world.http, member.username);
    return res;
  }
  const describeCall = (method: string, url: string, body: unknown, res: request.Response) =>
    `${res.status} ${method} ${url.slice(0, 160)} ${JSON.stringify(body)?.slice(0, 200) ?? ''} -> ${(res.text ?? '').slice(0, 200)}`;

  function check(
    failures: string[],
    where: string,
    res: request.Response,
    expected?: { status: number; message?: RegExp },
  ) {
    if (res.status >= 500 && res.status !== 503) failures.push(`5xx: ${where}`);
    if (res.status >= 400) {
      try {
        expectErrorShape(res.body, res.status);
      } catch {
        failures.push(`bad error shape: ${where}`);
      }
    }
    if (
      expected &&
      (res.status !== expected.status || (expected.message && !expected.message.test(String(res.body?.message))))
    ) {
      failures.push(`expected ${expected.status} ${expected.message ?? ''}: ${where}`);
    }
  }

  it('refuses NUL and unpaired surrogates in every body field and query parameter with 400 (404 in an id of the path)', async () => {
    const failures: string[] = [];
    let requests = 0;
    // The API's routes (health probes are not the API: they answer whatever their query).
    for (const route of listRoutes(world.gateway).filter((r) => r.includes(' /api/'))) {
      const [method, pattern] = route.split(' ');
      const path = realPath(pattern, method);
      const template = TEMPLATES[route]?.() as Json | undefined;
      // Body fields (the webhook's body is the provider's signed bytes, kept raw and checked by its signature).
      for (const { path: field, leaf, value } of template && !route.includes('/webhooks/') ? pathsOf(template) : []) {
        if (!leaf) continue;
        for (const bad of UNSAFE_TEXT) {
          for (const replacement of typeof value === 'string' ? [bad, value + bad] : [bad]) {
            for (const signedIn of [true, false]) {
              const body = withValue(template!, field, replacement);
              const res = await call(method, path, body, signedIn);
              requests++;
              check(failures, describeCall(method, path, body, res), res, {
                status: 400,
                message: UNSAFE_TEXT_MESSAGE,
              });
            }
          }
        }
      }
      // The same characters in an object key.
      if (template && typeof template === 'object' && !Array.isArray(template) && !route.includes('/webhooks/')) {
        const body = { ...template, 'key\u0000': 1, 'key\ud800': 2 };
        const res = await call(method, path, body, true);
        requests++;
        check(failures, describeCall(method, path, body, res), res, { status: 400, message: UNSAFE_TEXT_MESSAGE });
      }
      // Query parameters, the known ones and any other.
      for (const key of [...queryKeys, 'zzz']) {
        for (const bad of ['%00', 'a%00b']) {
          const url = `${path}?${encodeURIComponent(key)}=${bad}`;
          const res = await call(method, url, sendsBody(route) ? (template ?? {}) : undefined, true);
          requests++;
          check(failures, describeCall(method, url, template, res), res, { status: 400, message: UNSAFE_TEXT_MESSAGE });
        }
      }
      // A query key holding NUL.
      {
        const url = `${path}?a%00=1`;
        const res = await call(method, url, sendsBody(route) ? (template ?? {}) : undefined, true);
        requests++;
        check(failures, describeCall(method, url, template, res), res, { status: 400, message: UNSAFE_TEXT_MESSAGE });
      }
      // Every path parameter: an id with NUL is not a UUID, 404 like an unknown id (API.md); a surrogate cannot be
      // UTF-8, so its bytes (CESU-8) fail to decode: the router's 400. A mailed link's token is not an id: like a
      // forged one, it is 400 with the link's sentence (the one-click unsubscribe).
      const tokenInPath = pattern.startsWith('/api/unsubscribe/');
      const segments = pattern.split('/');
      const realSegments = path.split('/');
      for (const [i] of segments.entries()) {
        if (!segments[i].startsWith(':')) continue;
        for (const bad of ['%00', `${randomUUID()}%00`, '%ED%A0%80', `${randomUUID()}%ED%B0%80`]) {
          const url = realSegments.map((segment, j) => (j === i ? bad : segment)).join('/');
          const res = await call(method, url, sendsBody(route) ? (template ?? {}) : undefined, true);
          requests++;
          check(failures, describeCall(method, url, template, res), res, {
            status: bad.includes('%ED') || tokenInPath ? 400 : 404,
          });
        }
      }
      // Percent-encodings that decode to no valid UTF-8 (a lone surrogate in CESU-8, a cut sequence): a 4xx or an
      // answer, never a 5xx.
      for (const bad of ['%ED%A0%80', '%F0%9F', '%C0%80']) {
        const url = `${path}?search=${bad}&cursor=${bad}&minPrice=${bad}`;
        const res = await call(method, url, sendsBody(route) ? (template ?? {}) : undefined, true);
        requests++;
        check(failures, describeCall(method, url, template, res), res);
      }
    }
    expect(failures.slice(0, 25)).toEqual([]);
    expect(requests).toBeGreaterThan(500);
  });

  it('answers the search characters that unaccent turns into syntax, empty numbers and missing fields without a 5xx', async () => {
    const failures: string[] = [];
    for (const route of listRoutes(world.gateway)) {
      const [method, pattern] = route.split(' ');
      const path = realPath(pattern, method);
      const hasBody = sendsBody(route);
      const template = TEMPLATES[route]?.() as Json | undefined;
      for (const { path: field, leaf, value } of template ? pathsOf(template) : []) {
        const variants: (Json | undefined)[] = [undefined]; // missing (whole objects too: a confirm without `card`)
        if (leaf) variants.push(...SEARCH_CHARACTERS);
        if (leaf && isNumberLike(value))
          variants.push('', ' ', '1e400', '-0', '99999999999999999999.99', 2 ** 31, 2 ** 53);
        for (const variant of variants) {
          for (const signedIn of [true, false]) {
            const body = withValue(template!, field, variant);
            const res = await call(method, path, body, signedIn);
            check(failures, describeCall(method, path, body, res), res);
          }
        }
      }
      // A search, wherever one is accepted, answers like any other search; empty numbers in the query are absent.
      const searches =
        (await call(method, `${path}?search=abc`, hasBody ? (template ?? {}) : undefined, true)).status === 200;
      for (const text of SEARCH_CHARACTERS) {
        const url = `${path}?search=${encodeURIComponent(text)}`;
        const res = await call(method, url, hasBody ? (template ?? {}) : undefined, true);
        check(failures, describeCall(method, url, undefined, res), res, searches ? { status: 200 } : undefined);
      }
      for (const key of ['minPrice', 'maxPrice', 'limit']) {
        for (const empty of ['', '%20']) {
          const url = `${path}?${key}=${empty}`;
          const res = await call(method, url, hasBody ? (template ?? {}) : undefined, true);
          check(failures, describeCall(method, url, undefined, res), res);
        }
      }
    }
    expect(failures.slice(0, 25)).toEqual([]);
  });

  it('refuses forged cursors of every paged list: impossible dates, years out of range, counts past int4, extra fields', async () => {
    const failures: string[] = [];
    const pagedLists = new Set<string>();
    const LIST_QUERIES = [
      'limit=1',
      'limit=1&sort=price_asc',
      'limit=1&sort=price_desc',
      'limit=1&sort=popular',
      'limit=1&search=souvenir',
      'limit=1&search=basket&sort=popular',
    ];
    const BAD_TIMES = [
      '2026-02-30T00:00:00.000000Z',
      '0000-01-01T00:00:00.000000Z',
      '2026-01-01T24:00:00.000000Z',
      '2026-13-01T00:00:00Z',
      '1900-01-01T00:00:00Z',
      '2026-02-29T12:00:00Z',
    ];
    const BAD_NUMBERS = [2 ** 31, 2 ** 31 + 1, 2 ** 53, -1, 1.5, 1e300];
    const BAD_STRINGS = ['', '\u0000', '\ud800', ' '];
    const encodeDocument = (doc: Json) => Buffer.from(JSON.stringify(doc)).toString('base64url');
    for (const route of listRoutes(world.gateway)) {
      const [method, pattern] = route.split(' ');
      if (method !== 'GET') continue;
      const path = realPath(pattern, method);
      for (const listQuery of LIST_QUERIES) {
        const first = await call(method, `${path}?${listQuery}`, undefined, true);
        const cursor = first.headers['x-next-cursor'] as string | undefined;
        if (first.status !== 200 || !cursor) continue;
        pagedLists.add(route);
        const cursorUrl = (c: string) => `${path}?${listQuery}&cursor=${encodeURIComponent(c)}`;
        const real = await call(method, cursorUrl(cursor), undefined, true);
        check(failures, describeCall(method, cursorUrl(cursor), undefined, real), real, { status: 200 });
        const document = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Json;
        const forged: string[] = [
          `${cursor}=`,
          ` ${cursor}`,
          cursor.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
          encodeDocument(document).concat('AA'),
        ];
        // Every leaf replaced by what it must not be; a time by impossible or out-of-range times.
        for (const { path: field, leaf, value } of pathsOf(document)) {
          if (!leaf) continue;
          const replacements: Json[] = [...BAD_STRINGS, ...BAD_NUMBERS];
          if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value)) replacements.push(...BAD_TIMES);
          if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value))
            replacements.push('99999999999.99', '1e5', '-1.00', '1.001');
          for (const r of replacements) forged.push(encodeDocument(withValue(document, field, r)));
        }
        // Fields the list never writes, beside the key and inside it.
        forged.push(encodeDocument({ ...(document as object), extra: 1 }));
        const key = (document as { k?: Json }).k;
        if (key && typeof key === 'object' && !Array.isArray(key))
          forged.push(
            encodeDocument({ ...(document as object), k: { ...key, favoriteCount: 2 ** 31, price: '1.00', tier: 1 } }),
          );
        for (const c of forged) {
          const res = await call(method, cursorUrl(c), undefined, true);
          check(
            failures,
            `${describeCall(method, cursorUrl(c), undefined, res)} (${Buffer.from(c, 'base64url').toString('utf8').slice(0, 160)})`,
            res,
            { status: 400, message: /^Invalid cursor$/ },
          );
        }
      }
    }
    expect([...pagedLists]).toEqual(
      expect.arrayContaining(['GET /api/products', 'GET /api/favorites', 'GET /api/messages/conversations']),
    );
    expect(failures.slice(0, 25)).toEqual([]);
  });
});

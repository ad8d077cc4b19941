import type { INestApplication } from '@nestjs/common';
import { eventually, startService, startTestInfra, type TestInfra, type ServiceProcess } from '@souvenir/testing';
import request from 'supertest';
import { join, startGateway, type Account, shipping } from './gateway-harness';

/** Over HTTP: a seller's payout account, its test-mode onboarding, the balance and payouts, with the real services. */
let infra: TestInfra;
const services: ServiceProcess[] = [];
let gateway: INestApplication;
let http: ReturnType<typeof request>;

let seller: Account;
let buyer: Account;

const goodCard = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
  postalCode: '10001',
};
/** Stripe's test values that pass onboarding. */
const details = {
  legalName: 'Sami Seller',
  dateOfBirth: '1901-01-01',
  addressLine: '1 Market Street',
  city: 'Springfield',
  postalCode: '10001',
  routingNumber: '110000000',
  accountNumber: '000123456789',
};
const wellFormedToken = 'a'.repeat(32);

/** A product of the seller's bought and paid for by the buyer: the order's id. */
async function paidOrder(title: string, price = 30): Promise<string> {
  const product = await http
    .post('/api/products')
    .set('Cookie', seller.cookie)
    .send({
      title,
      description: 'Hand-made souvenir bought on the road, customs cleared.',
      price,
      condition: 'new',
      category: 'Home Decor',
      country: 'Peru',
      images: ['https://example.com/p.jpg'],
    })
    .expect(201);
  const intent = await http
    .post('/api/create-payment-intent')
    .set('Cookie', buyer.cookie)
    .send({ productId: product.body.id, amount: price, guestInfo: shipping })
    .expect(200);
  await http
    .post('/api/payments/test-confirm')
    .send({ clientSecret: intent.body.clientSecret, card: goodCard })
    .expect(200, { status: 'succeeded' });
  const paid = await http
    .post('/api/payments/reconcile')
    .set('Cookie', buyer.cookie)
    .send({ paymentIntentId: intent.body.paymentIntentId })
    .expect(200);
  expect(paid.body.status).toBe('paid');
  return paid.body.orderId;
}

beforeAll(async () => {
  infra = await startTestInfra();
  services.push(await startService('identity', infra));
  services.push(await startService('catalog', infra));
  services.push(await startService('payments', infra));
  gateway = await startGateway(infra, { RPC_TIMEOUT_MS: '4000' });
  http = request(gateway.getHttpServer());
  seller = await join(http, 'paula', 'Paula');
  buyer = await join(http, 'boris', 'Boris');
});

afterAll(async () => {
  await gateway?.close();
  for (const service of services.reverse()) await service.close();
  await infra?.stop();
});

describe('payout routes: sign-in and input', () => {
  it('answers 401 without a session for the account, onboarding and the payouts list', async () => {
    await http.get('/api/payouts/account').expect(401);
    await http.post('/api/payouts/account').expect(401);
    await http.get('/api/payouts').expect(401);
    await http.get('/api/payouts?limit=5').expect(401);
  });

  it('answers 400 with a sentence for bad queries and bodies, before asking payments', async () => {
    const as = (req: request.Test) => req.set('Cookie', seller.cookie);
    await as(http.get('/api/payouts?limit=0')).expect(400);
    await as(http.get('/api/payouts?limit=51')).expect(400);
    expect((await as(http.get('/api/payouts?limit=ten')).expect(400)).body.message).toBe(
      'limit must be a whole number',
    );
    expect((await as(http.get('/api/payouts?extra=1')).expect(400)).body.message).toBe('Unknown field: extra');
    await as(http.get(`/api/payouts?cursor=${'x'.repeat(201)}`)).expect(400);

    const post = (body: object) => http.post(`/api/payouts/test-onboarding/${wellFormedToken}`).send(body);
    expect((await post({ ...details, legalName: '   ' }).expect(400)).body.message).toBe('Legal name is required');
    expect((await post({ ...details, dateOfBirth: '1/1/1901' }).expect(400)).body.message).toBe(
      'Date of birth must be YYYY-MM-DD',
    );
    expect((await post({ ...details, routingNumber: '1100' }).expect(400)).body.message).toBe(
      'Routing number must be 9 digits',
    );
    expect((await post({ ...details, accountNumber: 'abc' }).expect(400)).body.message).toBe(
      'Account number must be 4 to 17 digits',
    );
    const badHost = await http
      .post('/api/payouts/account')
      .set('Cookie', seller.cookie)
      .set('Host', 'evil.example/phish?')
      .expect(400);
    expect(badHost.body.message).toBe('The request has no valid Host header');
    const unknownField = await post({ ...details, ssn: '123' }).expect(400);
    expect(unknownField.body.errors).toEqual([{ field: 'ssn', message: 'Unknown field: ssn' }]);
    const missing = await post({}).expect(400);
    expect(missing.body.errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['legalName', 'dateOfBirth', 'routingNumber', 'accountNumber']),
    );
  });

  it('answers 404 for a link token that names no link, well-formed or not (whatever the body), like an unknown id', async () => {
    await http.get(`/api/payouts/test-onboarding/${wellFormedToken}`).expect(404);
    await http.post(`/api/payouts/test-onboarding/${wellFormedToken}`).send(details).expect(404);
    for (const token of ['short', 'a'.repeat(65), 'not_a-token-of-ours!!', `${wellFormedToken}%00`]) {
      const path = `/api/payouts/test-onboarding/${token.includes('%') ? token : encodeURIComponent(token)}`;
      expect((await http.get(path).expect(404)).body.message).toBe('Onboarding link not found');
      await http.post(path).send(details).expect(404);
      await http.post(path).send({}).expect(404);
    }
  });
});

describe('a seller gets paid', () => {
  it('has no account at first, onboards through the test-mode page, and is paid when an order completes', async () => {
    expect((await http.get('/api/payouts/account').set('Cookie', seller.cookie).expect(200)).body).toEqual({
      status: 'not_set_up',
      requirementsDue: [],
      bankLast4: null,
      updatedAt: null,
    });
    const empty = await http.get('/api/payouts').set('Cookie', seller.cookie).expect(200);
    expect(empty.body).toMatchObject({
      balance: { held: '0.00', available: '0.00', paidOut: '0.00' },
      items: [],
      nextCursor: null,
    });

    // The link sends the seller back to this site's Payouts page, on the origin the request came to.
    const start = await http
      .post('/api/payouts/account')
      .set('Cookie', seller.cookie)
      .set('Host', 'souvenir.test:8080')
      .expect(200);
    expect(start.body.url).toMatch(/\/payouts\/test-onboarding\/[A-Za-z0-9]{16,64}$/);
    const token = /test-onboarding\/([A-Za-z0-9]+)$/.exec(start.body.url)![1]!;
    expect((await http.get('/api/payouts/account').set('Cookie', seller.cookie).expect(200)).body.status).toBe(
      'pending',
    );

    // The link is the capability: no session needed (the provider's hosted page in real life).
    const page = await http.get(`/api/payouts/test-onboarding/${token}`).expect(200);
    expect(page.body).toMatchObject({ usable: true });
    const done = await http.post(`/api/payouts/test-onboarding/${token}`).send(details).expect(200);
    expect(done.body).toEqual({ returnUrl: 'http://souvenir.test:8080/profile/payouts?onboarding=return' });
    // Single use, like Stripe's.
    expect((await http.get(`/api/payouts/test-onboarding/${token}`).expect(200)).body.usable).toBe(false);

    const account = await eventually(async () => {
      const res = await http.get('/api/payouts/account').set('Cookie', seller.cookie).expect(200);
      expect(res.body.status).toBe('active');
      return res.body;
    });
    expect(account).toMatchObject({ requirementsDue: [], bankLast4: '6789' });
    // The buyer has no account of their own: the seller's stays theirs.
    expect((await http.get('/api/payouts/account').set('Cookie', buyer.cookie).expect(200)).body.status).toBe(
      'not_set_up',
    );

    const orderId = await paidOrder('Alpaca scarf', 30);
    const held = await http.get('/api/payouts').set('Cookie', seller.cookie).expect(200);
    expect(held.body.balance).toMatchObject({ held: '30.00', paidOut: '0.00' });
    await http.post(`/api/orders/${orderId}/ship`).set('Cookie', seller.cookie).send({ carrier: 'DHL' }).expect(200);
    await http.post(`/api/orders/${orderId}/delivered`).set('Cookie', seller.cookie).expect(200);
    await http.post(`/api/orders/${orderId}/confirm`).set('Cookie', buyer.cookie).expect(200);

    const paid = await eventually(async () => {
      const res = await http.get('/api/payouts').set('Cookie', seller.cookie).expect(200);
      expect(res.body.items[0]?.status).toBe('paid');
      return res.body;
    }, 20_000);
    const payout = paid.items[0];
    expect(payout.order).toEqual({ id: orderId, productTitle: 'Alpaca scarf', amount: '30.00' });
    expect((Number(payout.amount) + Number(payout.fee)).toFixed(2)).toBe('30.00');
    expect(paid.balance).toMatchObject({ held: '0.00', paidOut: payout.amount });
    const order = await http.get(`/api/orders/${orderId}`).set('Cookie', seller.cookie).expect(200);
    expect(order.body.money).toMatchObject({ state: 'paid_to_seller', sellerAmount: payout.amount, fee: payout.fee });
    expect(order.body.cardDispute).toBeNull();
    // The buyer's payouts list is their own (empty).
    expect((await http.get('/api/payouts').set('Cookie', buyer.cookie).expect(200)).body.items).toEqual([]);

    // A second sale is held, not paid: the balance says so, and the one payout is the whole list.
    await paidOrder('Clay whistle', 12);
    const firstPage = await http.get('/api/payouts?limit=1').set('Cookie', seller.cookie).expect(200);
    expect(firstPage.body.balance).toMatchObject({ held: '12.00', paidOut: payout.amount });
    expect(firstPage.body.items.map((p: { id: string }) => p.id)).toEqual([payout.id]);
    expect(firstPage.body.nextCursor).toBeNull();
  }, 60_000);
});

describe('onboarding links cannot take over a payout account', () => {
  const tokenOf = (url: string) => /test-onboarding\/([A-Za-z0-9]+)$/.exec(url)![1]!;
  const newLink = async (account: Account) =>
    tokenOf((await http.post('/api/payouts/account').set('Cookie', account.cookie).expect(200)).body.url);

  it('a new link revokes the older ones, a used link is dead, and changing given details needs the seller session', async () => {
    const owner = await join(http, 'olga', 'Olga');
    const stranger = await join(http, 'sid', 'Sid');

    // Each "Get paid" makes a link; only the newest one works.
    const older = await newLink(owner);
    const newer = await newLink(owner);
    expect((await http.get(`/api/payouts/test-onboarding/${older}`).expect(200)).body.usable).toBe(false);
    expect((await http.post(`/api/payouts/test-onboarding/${older}`).send(details).expect(409)).body.message).toBe(
      'This onboarding link has expired or was already used. Go back to Payouts to get a new one.',
    );
    // The first details need only the link (the provider's hosted page in real life); then it is used up.
    await http.post(`/api/payouts/test-onboarding/${newer}`).send(details).expect(200);
    await http.post(`/api/payouts/test-onboarding/${newer}`).set('Cookie', owner.cookie).send(details).expect(409);
    await eventually(async () =>
      expect((await http.get('/api/payouts/account').set('Cookie', owner.cookie).expect(200)).body).toMatchObject({
        status: 'active',
        bankLast4: '6789',
      }),
    );

    // A link of the active account, in anyone else's hands, cannot change where the seller's money goes.
    const update = await newLink(owner);
    const otherBank = { ...details, accountNumber: '000999999999' };
    const anonymous = await http.post(`/api/payouts/test-onboarding/${update}`).send(otherBank).expect(401);
    expect(anonymous.body.message).toBe('Sign in as the seller to change the payout details of this account.');
    const foreign = await http
      .post(`/api/payouts/test-onboarding/${update}`)
      .set('Cookie', stranger.cookie)
      .send(otherBank)
      .expect(403);
    expect(foreign.body.message).toBe("Only the account's seller can change its payout details.");
    expect((await http.get('/api/payouts/account').set('Cookie', owner.cookie).expect(200)).body.bankLast4).toBe(
      '6789',
    );

    // The seller, signed in, can: the refused attempts did not use the link up.
    await http.post(`/api/payouts/test-onboarding/${update}`).set('Cookie', owner.cookie).send(otherBank).expect(200);
    await eventually(async () =>
      expect((await http.get('/api/payouts/account').set('Cookie', owner.cookie).expect(200)).body.bankLast4).toBe(
        '9999',
      ),
    );
  }, 60_000);
});

describe('the seller ledger', () => {
  it('answers every money line with running balances, pages by cursor, and downloads as CSV; only with a session', async () => {
    await http.get('/api/payouts/ledger').expect(401);
    await http.get('/api/payouts/ledger.csv').expect(401);
    await http.get('/api/payouts/ledger?cursor=abc').set('Cookie', seller.cookie).expect(400);

    const orderId = await paidOrder(`Ledger poncho ${Date.now()}`, 12);
    await http
      .post(`/api/orders/${orderId}/cancel`)
      .set('Cookie', seller.cookie)
      .send({ reason: 'Broke it' })
      .expect(200);
    const newest = async () => (await http.get('/api/payouts/ledger').set('Cookie', seller.cookie).expect(200)).body;
    await eventually(async () => expect((await newest()).items[0]).toMatchObject({ kind: 'refunded' }), 15_000);
    const page = await newest();
    expect(page.items[0]).toMatchObject({
      kind: 'refunded',
      order: { id: orderId },
      change: { held: '-12.00', available: '0.00', paidOut: '0.00' },
      balanceAfter: { held: page.balance.held, available: page.balance.available, paidOut: page.balance.paidOut },
    });
    expect(page.items[1]).toMatchObject({ kind: 'sale_held', order: { id: orderId }, change: { held: '12.00' } });

    // One line a page: the second page starts after the first, without repeats.
    const first = (await http.get('/api/payouts/ledger?limit=1').set('Cookie', seller.cookie).expect(200)).body;
    expect(first.items.map((line: { id: string }) => line.id)).toEqual([page.items[0].id]);
    const second = (
      await http.get(`/api/payouts/ledger?limit=1&cursor=${first.nextCursor}`).set('Cookie', seller.cookie).expect(200)
    ).body;
    expect(second.items.map((line: { id: string }) => line.id)).toEqual([page.items[1].id]);

    const csv = await http.get('/api/payouts/ledger.csv').set('Cookie', seller.cookie).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="souvenir-swap-ledger-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = csv.text.trim().split('\r\n');
    expect(rows.length).toBe(page.items.length + 1);
    expect(rows[1]).toContain(`,Refunded to the buyer,`);
    expect(rows[1]).toContain(`,${orderId},-12.00,0.00,0.00,`);
  });
});

import { eventually } from '@souvenir/testing';
import type request from 'supertest';
import { goodCard, join, type Account, shipping } from './gateway-harness';
import { gatewayWorld } from './gateway-world';

/** Over HTTP: the order routes, the support queue and the support role, with the real services. */
const { infra, http } = gatewayWorld({
  services: ['identity', 'catalog', 'payments'],
  gateway: { RPC_TIMEOUT_MS: '4000' },
});

let seller: Account;
let buyer: Account;
let stranger: Account;
let support: Account;

const guestInfo = { ...shipping, email: 'gia@example.com', firstName: 'Gia', lastName: 'Guest' };
const unknownId = '00000000-0000-4000-8000-000000000000';

async function listProduct(title: string): Promise<string> {
  const res = await http
    .post('/api/products')
    .set('Cookie', seller.cookie)
    .send({
      title,
      description: 'Hand-made souvenir bought on the road, customs cleared.',
      price: 30,
      condition: 'new',
      category: 'Home Decor',
      country: 'Peru',
      images: ['https://example.com/p.jpg'],
    })
    .expect(201);
  return res.body.id;
}

/** Buys a new product (as `as`, or a guest) and answers the order's reference: its id, or a guest's private token. */
async function bought(title: string, as?: Account): Promise<{ productId: string; ref: string }> {
  const productId = await listProduct(title);
  const intent = as
    ? await http
        .post('/api/create-payment-intent')
        .set('Cookie', as.cookie)
        .send({ productId, amount: 30, guestInfo: shipping })
        .expect(200)
    : await http.post('/api/create-payment-intent').send({ productId, amount: 30, guestInfo }).expect(200);
  await http
    .post('/api/payments/test-confirm')
    .send({ clientSecret: intent.body.clientSecret, card: goodCard })
    .expect(200, { status: 'succeeded' });
  const reconcile = http.post('/api/payments/reconcile');
  const paid = await (as ? reconcile.set('Cookie', as.cookie) : reconcile)
    .send({ paymentIntentId: intent.body.paymentIntentId, ...(as ? {} : { clientSecret: intent.body.clientSecret }) })
    .expect(200);
  expect(paid.body.status).toBe('paid');
  return { productId, ref: as ? paid.body.orderId : intent.body.checkoutToken };
}

beforeAll(async () => {
  seller = await join(http, 'sami', 'Sami');
  buyer = await join(http, 'bolivar', 'Bo');
  stranger = await join(http, 'stella', 'Stella');
  support = await join(http, 'sam', 'Sam');
  // What npm run support:grant does (services/identity/test covers the script itself).
  await infra.database.query(`UPDATE identity.users SET role = 'support' WHERE id = $1`, [support.id]);
});

describe('the support role over HTTP', () => {
  it("is in the caller's own Me (member or support), never on a public profile, and cannot be set through the API", async () => {
    expect((await http.get('/api/auth/me').set('Cookie', buyer.cookie).expect(200)).body.role).toBe('member');
    expect((await http.get('/api/auth/me').set('Cookie', support.cookie).expect(200)).body.role).toBe('support');
    expect((await http.get(`/api/users/${support.id}`).expect(200)).body).not.toHaveProperty('role');
    const refused = await http
      .put(`/api/users/${buyer.id}`)
      .set('Cookie', buyer.cookie)
      .send({ firstName: 'Bo', lastName: 'T', role: 'support' })
      .expect(400);
    expect(refused.body.errors).toEqual([{ field: 'role', message: 'Unknown field: role' }]);
    await http
      .post('/api/auth/register')
      .send({
        email: 'eve@example.com',
        password: 'secret1',
        username: 'eve',
        firstName: 'Eve',
        lastName: 'E',
        role: 'support',
      })
      .expect(400);
    expect((await http.get('/api/auth/me').set('Cookie', buyer.cookie).expect(200)).body.role).toBe('member');
  });
});

describe('order routes: sign-in, input and references', () => {
  it('answers 401 without a session where only a member can act (list, ship, answer a claim, the support queue)', async () => {
    await http.get('/api/orders').expect(401);
    await http.get('/api/orders?role=sales').expect(401);
    await http.post(`/api/orders/${unknownId}/ship`).send({ carrier: 'DHL' }).expect(401);
    await http.post(`/api/orders/${unknownId}/claim/response`).send({ accept: true }).expect(401);
    await http.get('/api/support/claims').expect(401);
    await http
      .post(`/api/support/claims/${unknownId}/decision`)
      .send({ outcome: 'refund', reason: 'Photos show damage' })
      .expect(401);
  });

  it('answers 400 with a sentence for bad bodies and queries, before asking payments', async () => {
    const as = (req: request.Test) => req.set('Cookie', seller.cookie);
    expect((await as(http.get('/api/orders?role=everything')).expect(400)).body.message).toBe(
      'role must be purchases or sales',
    );
    await as(http.get('/api/orders?limit=5')).expect(400);
    await as(http.get('/api/orders?role=sales&limit=0')).expect(400);
    await as(http.get('/api/orders?role=sales&limit=ten')).expect(400);
    await as(http.get('/api/orders?role=sales&extra=1')).expect(400);
    expect(
      (
        await as(http.post(`/api/orders/${unknownId}/ship`))
          .send({})
          .expect(400)
      ).body.message,
    ).toBe('Carrier is required');
    await as(http.post(`/api/orders/${unknownId}/ship`))
      .send({ carrier: 'DHL', trackingNumber: '<script>' })
      .expect(400);
    expect((await http.post(`/api/orders/${unknownId}/cancel`).send({ reason: '  ' }).expect(400)).body.message).toBe(
      'Please give a reason',
    );
    expect(
      (await http.post(`/api/orders/${unknownId}/claims`).send({ reason: 'bored', description: 'x' }).expect(400)).body
        .message,
    ).toBe('Please choose what went wrong');
    await http
      .post(`/api/orders/${unknownId}/claims`)
      .send({ reason: 'damaged', description: 'Broken', photos: ['javascript:alert(1)'] })
      .expect(400);
    // An uploaded photo's path is accepted as it is; any other path is not.
    for (const photo of ['/media/../../etc/passwd', '/elsewhere/a.webp', `/media/${'a'.repeat(32)}-800.webp?x`])
      expect(
        (
          await http
            .post(`/api/orders/${unknownId}/claims`)
            .send({ reason: 'damaged', description: 'Broken', photos: [photo] })
            .expect(400)
        ).body.message,
      ).toBe('Photos must be http(s) URLs or uploaded photos');
    await http
      .post(`/api/orders/${unknownId}/claims`)
      .send({ reason: 'damaged', description: 'Broken', photos: Array(7).fill('https://e.com/a.jpg') })
      .expect(400);
    const twice = [`/media/${'b'.repeat(32)}-1000.webp`, `/media/${'b'.repeat(32)}-1000.webp`];
    for (const [path, body] of [
      [`/api/orders/${unknownId}/claims`, { reason: 'damaged', description: 'Broken', photos: twice }],
      [`/api/orders/${unknownId}/claim/response`, { accept: false, statement: 'Packed well', photos: twice }],
    ] as const)
      expect((await as(http.post(path)).send(body).expect(400)).body.message).toBe('Each photo can be added once');
    await as(http.post(`/api/orders/${unknownId}/claim/response`))
      .send({ accept: 'yes' })
      .expect(400);
    const decide = await http
      .post(`/api/support/claims/${unknownId}/decision`)
      .set('Cookie', support.cookie)
      .send({ outcome: 'maybe', reason: 'x' })
      .expect(400);
    expect(decide.body.message).toBe('outcome must be refund or release');
  });

  it('answers 404 for references that name no order, for members and guests alike', async () => {
    await http.get(`/api/orders/${unknownId}`).set('Cookie', buyer.cookie).expect(404);
    await http.get('/api/orders/no-such-private-token').expect(404);
    await http.get(`/api/orders/${'x'.repeat(101)}`).expect(404);
    await http.get('/api/orders/a.b').expect(404);
    await http.post(`/api/orders/${unknownId}/confirm`).expect(404);
    await http
      .post('/api/support/claims/not-a-uuid/decision')
      .set('Cookie', support.cookie)
      .send({ outcome: 'refund', reason: 'x' })
      .expect(404);
  });
});

describe('an order over HTTP', () => {
  it("lists a member's orders both ways: the spec's { purchases, sales } and a page of one tab", async () => {
    const { productId, ref } = await bought('Alpaca scarf', buyer);
    const both = await http.get('/api/orders').set('Cookie', buyer.cookie).expect(200);
    expect(both.body.purchases.map((o: { product: { id: string } }) => o.product.id)).toContain(productId);
    const sales = await http.get('/api/orders?role=sales&limit=10').set('Cookie', seller.cookie).expect(200);
    expect(sales.body).toEqual({
      items: expect.arrayContaining([expect.objectContaining({ id: ref, status: 'paid', needsAction: true })]),
      nextCursor: null,
    });
    const purchases = await http.get('/api/orders?role=purchases').set('Cookie', stranger.cookie).expect(200);
    expect(purchases.body).toEqual({ items: [], nextCursor: null });
  });

  it('goes paid → shipped → delivered → completed by its parties; the seller alone sees the address; strangers get 404', async () => {
    const { ref } = await bought('Clay whistle', buyer);
    const asSeller = await http.get(`/api/orders/${ref}`).set('Cookie', seller.cookie).expect(200);
    expect(asSeller.body).toMatchObject({
      id: ref,
      status: 'paid',
      viewer: 'seller',
      deliveryAddress: expect.objectContaining({ street: '1 Main St' }),
    });
    expect(asSeller.body.actions).toContain('ship');
    const asBuyer = await http.get(`/api/orders/${ref}`).set('Cookie', buyer.cookie).expect(200);
    expect(asBuyer.body).toMatchObject({ viewer: 'buyer' });
    expect(asBuyer.body).not.toHaveProperty('deliveryAddress');
    await http.get(`/api/orders/${ref}`).set('Cookie', stranger.cookie).expect(404);
    await http.get(`/api/orders/${ref}`).expect(404);

    await http.post(`/api/orders/${ref}/ship`).set('Cookie', buyer.cookie).send({ carrier: 'DHL' }).expect(403);
    await http.post(`/api/orders/${ref}/ship`).set('Cookie', stranger.cookie).send({ carrier: 'DHL' }).expect(404);
    await http.post(`/api/orders/${ref}/confirm`).set('Cookie', buyer.cookie).expect(409);
    const shipped = await http
      .post(`/api/orders/${ref}/ship`)
      .set('Cookie', seller.cookie)
      .send({ carrier: ' DHL ', trackingNumber: 'JD0123' })
      .expect(200);
    expect(shipped.body).toMatchObject({ status: 'shipped', carrier: 'DHL', trackingNumber: 'JD0123' });
    await http.post(`/api/orders/${ref}/ship`).set('Cookie', seller.cookie).send({ carrier: 'DHL' }).expect(409);
    expect((await http.post(`/api/orders/${ref}/delivered`).set('Cookie', seller.cookie).expect(200)).body.status).toBe(
      'delivered',
    );
    await http.post(`/api/orders/${ref}/confirm`).set('Cookie', seller.cookie).expect(403);
    expect((await http.post(`/api/orders/${ref}/confirm`).set('Cookie', buyer.cookie).expect(200)).body.status).toBe(
      'completed',
    );
  });

  it('a guest follows it by the private token; the seller cancels before shipping and the item is on sale again', async () => {
    const { productId, ref: token } = await bought('Woven coca bag');
    await eventually(async () =>
      expect((await http.get(`/api/products/${productId}`).expect(200)).body.status).toBe('sold'),
    );
    const asGuest = await http.get(`/api/orders/${token}`).expect(200);
    expect(asGuest.body).toMatchObject({ status: 'paid', viewer: 'buyer', buyer: { firstName: 'Gia' } });
    await http.post(`/api/orders/${asGuest.body.id}/confirm`).expect(404);

    const cancelled = await http
      .post(`/api/orders/${asGuest.body.id}/cancel`)
      .set('Cookie', seller.cookie)
      .send({ reason: 'It broke while packing' })
      .expect(200);
    expect(cancelled.body.status).toBe('cancelled');
    await eventually(
      async () => expect((await http.get(`/api/products/${productId}`).expect(200)).body.status).toBe('active'),
      15_000,
    );
    expect((await http.get('/api/products').expect(200)).body.map((p: { id: string }) => p.id)).toContain(productId);
    await http.post(`/api/orders/${token}/cancel`).send({ reason: 'Too late' }).expect(409);
  });

  it('a claim: the guest opens it, the seller answers, support alone sees the queue and decides a refund', async () => {
    const { ref: token } = await bought('Inca cross pendant');
    const id = (await http.get(`/api/orders/${token}`).expect(200)).body.id as string;
    await http.post(`/api/orders/${id}/ship`).set('Cookie', seller.cookie).send({ carrier: 'UPS' }).expect(200);
    const claimed = await http
      .post(`/api/orders/${token}/claims`)
      .send({ reason: 'damaged', description: 'Arrived in pieces', photos: ['https://img.example.com/broken.jpg'] })
      .expect(201);
    expect(claimed.body).toMatchObject({ status: 'disputed', claim: { reason: 'damaged', status: 'open' } });
    await http.post(`/api/orders/${id}/claim/response`).set('Cookie', buyer.cookie).send({ accept: true }).expect(404);
    const answered = await http
      .post(`/api/orders/${id}/claim/response`)
      .set('Cookie', seller.cookie)
      .send({ accept: false, statement: 'It was packed in bubble wrap' })
      .expect(200);
    expect(answered.body.claim).toMatchObject({
      status: 'escalated',
      sellerResponse: { accept: false, statement: 'It was packed in bubble wrap' },
    });

    await http.get('/api/support/claims').set('Cookie', seller.cookie).expect(403);
    const queue = await http.get('/api/support/claims').set('Cookie', support.cookie).expect(200);
    const item = queue.body.items.find((i: { order: { id: string } }) => i.order.id === id);
    expect(item).toMatchObject({ claim: { status: 'escalated' }, order: { viewer: 'support' } });
    await http
      .post(`/api/support/claims/${item.claim.id}/decision`)
      .set('Cookie', buyer.cookie)
      .send({ outcome: 'release', reason: 'Mine' })
      .expect(403);
    const decided = await http
      .post(`/api/support/claims/${item.claim.id}/decision`)
      .set('Cookie', support.cookie)
      .send({ outcome: 'refund', reason: 'The photos show the damage' })
      .expect(200);
    expect(decided.body).toMatchObject({
      status: 'refunded',
      claim: { status: 'resolved', decision: { outcome: 'refund', by: 'support' } },
    });
    await http
      .post(`/api/support/claims/${item.claim.id}/decision`)
      .set('Cookie', support.cookie)
      .send({ outcome: 'refund', reason: 'Again' })
      .expect(409);
  });
});

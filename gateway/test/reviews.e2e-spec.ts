import type { INestApplication } from '@nestjs/common';
import { eventually, startService, startTestInfra, type TestInfra, type ServiceProcess } from '@souvenir/testing';
import request from 'supertest';
import { join, startGateway, type Account, shipping } from './gateway-harness';

/** Over HTTP: reviews of completed orders, with the real services (an order completes as a buyer confirms it). */
let infra: TestInfra;
const services: ServiceProcess[] = [];
let gateway: INestApplication;
let http: ReturnType<typeof request>;

let seller: Account;
let buyer: Account;
let stranger: Account;

const goodCard = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
  postalCode: '10001',
};
const unknownId = '00000000-0000-4000-8000-000000000000';

/** A product of the seller's that the buyer paid for: the order's id. */
async function paidOrder(title: string): Promise<string> {
  const product = await http
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
  const intent = await http
    .post('/api/create-payment-intent')
    .set('Cookie', buyer.cookie)
    .send({ productId: product.body.id, amount: 30, guestInfo: shipping })
    .expect(200);
  await http
    .post('/api/payments/test-confirm')
    .send({ clientSecret: intent.body.clientSecret, card: goodCard })
    .expect(200);
  const paid = await http
    .post('/api/payments/reconcile')
    .set('Cookie', buyer.cookie)
    .send({ paymentIntentId: intent.body.paymentIntentId })
    .expect(200);
  return paid.body.orderId;
}

/** Shipped, delivered and confirmed: completed, once reviews has heard of it. */
async function completedOrder(title: string): Promise<string> {
  const orderId = await paidOrder(title);
  await http.post(`/api/orders/${orderId}/ship`).set('Cookie', seller.cookie).send({ carrier: 'DHL' }).expect(200);
  await http.post(`/api/orders/${orderId}/delivered`).set('Cookie', seller.cookie).expect(200);
  await http.post(`/api/orders/${orderId}/confirm`).set('Cookie', buyer.cookie).expect(200);
  await eventually(async () =>
    expect((await http.get(`/api/orders/${orderId}/review`).set('Cookie', buyer.cookie).expect(200)).body.status).toBe(
      'open',
    ),
  );
  return orderId;
}

beforeAll(async () => {
  infra = await startTestInfra();
  services.push(await startService('identity', infra));
  services.push(await startService('catalog', infra));
  services.push(await startService('payments', infra));
  services.push(await startService('reviews', infra));
  gateway = await startGateway(infra);
  http = request(gateway.getHttpServer());
  seller = await join(http, 'rosa', 'Rosa');
  buyer = await join(http, 'tomas', 'Tomas');
  stranger = await join(http, 'uma', 'Uma');
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  for (const service of services.reverse()) await service.close();
  await infra?.stop();
});

describe('review routes: sign-in, input and ids', () => {
  it('need a session to write or read an order review; ids that are not UUIDs are 404', async () => {
    await http.get(`/api/orders/${unknownId}/review`).expect(401);
    await http.post(`/api/orders/${unknownId}/review`).send({ rating: 5, text: 'Great' }).expect(401);
    await http.put(`/api/orders/${unknownId}/review`).send({ rating: 5, text: 'Great' }).expect(401);
    await http.post(`/api/reviews/${unknownId}/reply`).send({ text: 'Thanks' }).expect(401);
    await http
      .post('/api/orders/nope/review')
      .set('Cookie', buyer.cookie)
      .send({ rating: 5, text: 'Great' })
      .expect(404);
    await http.post('/api/reviews/nope/reply').set('Cookie', buyer.cookie).send({ text: 'Thanks' }).expect(404);
    await http.get('/api/users/nope/reviews').expect(404);
    await http.get(`/api/users/${unknownId}/reviews`).expect(404);
    await http.get(`/api/users/${unknownId}/rating`).expect(404);
  });

  it('refuse a bad review with the field and its message (400)', async () => {
    const post = (body: object) =>
      http.post(`/api/orders/${unknownId}/review`).set('Cookie', buyer.cookie).send(body).expect(400);
    expect((await post({ rating: 0, text: 'Meh' })).body.errors).toEqual([
      { field: 'rating', message: 'Choose from 1 to 5 stars' },
    ]);
    expect((await post({ rating: 4.5, text: 'Meh' })).body.errors).toEqual([
      { field: 'rating', message: 'Choose from 1 to 5 stars' },
    ]);
    expect((await post({ rating: 5, text: '   ' })).body.errors).toEqual([
      { field: 'text', message: 'Please write a few words' },
    ]);
    expect((await post({ rating: 5, text: 'x'.repeat(1001) })).body.errors).toEqual([
      { field: 'text', message: 'Please keep it under 1,000 characters' },
    ]);
    expect((await post({ rating: 5, text: 'ok', stars: 5 })).body.errors).toEqual([
      { field: 'stars', message: 'Unknown field: stars' },
    ]);
  });

  it('an order that is not completed cannot be reviewed yet (409)', async () => {
    const orderId = await paidOrder('Alpaca scarf');
    const state = await http.get(`/api/orders/${orderId}/review`).set('Cookie', buyer.cookie).expect(200);
    expect(state.body).toMatchObject({ status: 'not_completed', canWrite: false, mine: null });
    const early = await http
      .post(`/api/orders/${orderId}/review`)
      .set('Cookie', buyer.cookie)
      .send({ rating: 5, text: 'Great' })
      .expect(409);
    expect(early.body.message).toBe('Only a completed order can be reviewed');
  });
});

describe('reviews of a completed order over HTTP', () => {
  it('double-blind: hidden and editable until both wrote; then public, on the profile, with the rating and one reply', async () => {
    const orderId = await completedOrder('Clay bull of Pucara');
    const route = `/api/orders/${orderId}/review`;
    await http.get(route).set('Cookie', stranger.cookie).expect(404);
    await http.post(route).set('Cookie', stranger.cookie).send({ rating: 1, text: 'Not mine' }).expect(404);

    const first = await http
      .post(route)
      .set('Cookie', buyer.cookie)
      .send({ rating: 4, text: 'Lovely <b>bull</b>,\r\nwell packed' })
      .expect(201);
    expect(first.body).toMatchObject({
      status: 'open',
      role: 'buyer',
      otherPartyId: seller.id,
      canWrite: true,
      mine: { rating: 4, text: 'Lovely <b>bull</b>,\nwell packed', publishedAt: null },
      theirs: null,
    });
    await http.post(route).set('Cookie', buyer.cookie).send({ rating: 4, text: 'Again' }).expect(409);
    const edited = await http
      .put(route)
      .set('Cookie', buyer.cookie)
      .send({ rating: 5, text: 'Lovely bull' })
      .expect(200);
    expect(edited.body.mine).toMatchObject({ rating: 5, text: 'Lovely bull' });
    const sellerSees = await http.get(route).set('Cookie', seller.cookie).expect(200);
    expect(sellerSees.body).toMatchObject({ role: 'seller', theirs: null, theirsWritten: true, mine: null });
    expect((await http.get(`/api/users/${seller.id}/reviews`).expect(200)).body).toEqual([]);
    expect((await http.get(`/api/users/${seller.id}/rating`).expect(200)).body).toMatchObject({
      average: null,
      count: 0,
    });

    const both = await http
      .post(route)
      .set('Cookie', seller.cookie)
      .send({ rating: 5, text: 'Paid at once' })
      .expect(201);
    expect(both.body).toMatchObject({
      status: 'published',
      canWrite: false,
      theirs: { rating: 5, text: 'Lovely bull' },
    });
    await http.put(route).set('Cookie', buyer.cookie).send({ rating: 1, text: 'Changed my mind' }).expect(409);

    const onProfile = await http.get(`/api/users/${seller.id}/reviews`).expect(200);
    expect(onProfile.body).toEqual([
      expect.objectContaining({
        orderId,
        authorRole: 'buyer',
        author: { id: buyer.id, firstName: 'Tomas', lastName: 'Traveller', avatar: null },
        rating: 5,
        text: 'Lovely bull',
        reply: null,
      }),
    ]);
    expect((await http.get(`/api/users/${seller.id}/rating`).expect(200)).body).toEqual({
      userId: seller.id,
      average: 5,
      count: 1,
      distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 1 },
    });

    const reviewId = onProfile.body[0].id as string;
    const reply = (who: Account, text = 'Thank you, Tomas!') =>
      http.post(`/api/reviews/${reviewId}/reply`).set('Cookie', who.cookie).send({ text });
    await reply(buyer).expect(403);
    await reply(stranger).expect(403);
    const answered = await reply(seller).expect(201);
    expect(answered.body.reply).toEqual({ text: 'Thank you, Tomas!', createdAt: expect.any(String) });
    await reply(seller, 'Once more').expect(409);
    expect((await http.get(`/api/users/${seller.id}/reviews`).expect(200)).body[0].reply.text).toBe(
      'Thank you, Tomas!',
    );
  });

  it("pages a profile's reviews newest first with X-Next-Cursor; a bad cursor or limit is a 400", async () => {
    const orderId = await completedOrder('Tin mirror');
    await http
      .post(`/api/orders/${orderId}/review`)
      .set('Cookie', buyer.cookie)
      .send({ rating: 3, text: 'Fine' })
      .expect(201);
    await http
      .post(`/api/orders/${orderId}/review`)
      .set('Cookie', seller.cookie)
      .send({ rating: 4, text: 'Ok' })
      .expect(201);
    const first = await http.get(`/api/users/${seller.id}/reviews?limit=1`).expect(200);
    expect(first.body.map((r: { rating: number }) => r.rating)).toEqual([3]);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toEqual(expect.any(String));
    const second = await http.get(`/api/users/${seller.id}/reviews`).query({ limit: 1, cursor }).expect(200);
    expect(second.body.map((r: { rating: number }) => r.rating)).toEqual([5]);
    expect(second.headers['x-next-cursor']).toBeUndefined();
    expect((await http.get(`/api/users/${seller.id}/rating`).expect(200)).body).toMatchObject({ average: 4, count: 2 });
    await http.get(`/api/users/${seller.id}/reviews?cursor=nope`).expect(400);
    await http.get(`/api/users/${seller.id}/reviews?limit=0`).expect(400);
  });
});

describe('reported reviews over HTTP', () => {
  it('a signed-in reader reports a public review once; support hides it out of the profile, the rating and the card', async () => {
    const support = await join(http, 'vera', 'Vera');
    await infra.database.query(`UPDATE identity.users SET role = 'support' WHERE id = $1`, [support.id]);
    const orderId = await completedOrder('Woven belt');
    const route = `/api/orders/${orderId}/review`;
    const hidden = await http.post(route).set('Cookie', buyer.cookie).send({ rating: 1, text: 'Awful' }).expect(201);
    const reviewId = hidden.body.mine.id as string;
    const report = (who: Account | null, body: object = { reason: 'Not about the order' }) => {
      const req = http.post(`/api/reviews/${reviewId}/report`);
      return (who ? req.set('Cookie', who.cookie) : req).send(body);
    };
    await report(null).expect(401);
    await http.post('/api/reviews/nope/report').set('Cookie', stranger.cookie).send({ reason: 'x' }).expect(404);
    // Hidden (double-blind) until the seller writes too: nobody else can see it, so nobody can report it.
    await report(stranger).expect(404);
    await http.post(route).set('Cookie', seller.cookie).send({ rating: 5, text: 'Fine buyer' }).expect(201);

    expect((await report(stranger, { reason: '  ' }).expect(400)).body.errors).toEqual([
      { field: 'reason', message: 'Please tell us what is wrong with this review' },
    ]);
    expect((await report(stranger, { reason: 'x'.repeat(501) }).expect(400)).body.errors).toEqual([
      { field: 'reason', message: 'Please keep it under 500 characters' },
    ]);
    expect((await report(stranger, { reason: 'x', extra: 1 }).expect(400)).body.errors).toEqual([
      { field: 'extra', message: 'Unknown field: extra' },
    ]);
    expect((await report(buyer).expect(403)).body.message).toBe('You cannot report your own review');
    expect((await report(stranger, { reason: '<b>Spam</b>' }).expect(201)).body).toEqual({ ok: true });
    expect((await report(stranger).expect(409)).body.message).toBe('You have already reported this review');
    await report(seller, { reason: 'The buyer never wrote to me' }).expect(201);

    // Support's queue; members are refused.
    await http.get('/api/support/reviews').set('Cookie', seller.cookie).expect(403);
    await http.post(`/api/support/reviews/${reviewId}/hide`).set('Cookie', seller.cookie).expect(403);
    await http.post(`/api/support/reviews/${reviewId}/dismiss`).set('Cookie', buyer.cookie).expect(403);
    const queue = await http.get('/api/support/reviews').set('Cookie', support.cookie).expect(200);
    expect(queue.body).toEqual({
      items: [
        {
          review: expect.objectContaining({
            id: reviewId,
            rating: 1,
            text: 'Awful',
            author: expect.objectContaining({ id: buyer.id }),
          }),
          subject: expect.objectContaining({ id: seller.id, firstName: 'Rosa' }),
          reportCount: 2,
          reports: [
            { reporterId: stranger.id, reason: '<b>Spam</b>', createdAt: expect.any(String) },
            { reporterId: seller.id, reason: 'The buyer never wrote to me', createdAt: expect.any(String) },
          ],
          reportedAt: expect.any(String),
        },
      ],
      nextCursor: null,
    });
    await http.get('/api/support/reviews?cursor=nope').set('Cookie', support.cookie).expect(400);
    await http.post('/api/support/reviews/nope/hide').set('Cookie', support.cookie).expect(404);
    await http.post(`/api/support/reviews/${unknownId}/hide`).set('Cookie', support.cookie).expect(404);

    const before = (await http.get(`/api/users/${seller.id}/rating`).expect(200)).body as { count: number };
    expect(
      (await http.post(`/api/support/reviews/${reviewId}/hide`).set('Cookie', support.cookie).expect(200)).body,
    ).toEqual({
      ok: true,
    });
    await http.post(`/api/support/reviews/${reviewId}/hide`).set('Cookie', support.cookie).expect(409);
    await http.post(`/api/support/reviews/${reviewId}/dismiss`).set('Cookie', support.cookie).expect(409);
    expect((await http.get('/api/support/reviews').set('Cookie', support.cookie).expect(200)).body.items).toEqual([]);
    const profile = (await http.get(`/api/users/${seller.id}/reviews?limit=50`).expect(200)).body as { id: string }[];
    expect(profile.map((r) => r.id)).not.toContain(reviewId);
    const after = (await http.get(`/api/users/${seller.id}/rating`).expect(200)).body as { count: number };
    expect(after.count).toBe(before.count - 1);
    // The card reads the rating from catalog's read model, fed by the rating.changed of the hiding.
    const [order] = await infra.database.query<{ product_id: string }>(
      'SELECT product_id FROM reviews.orders WHERE order_id = $1',
      [orderId],
    );
    await eventually(async () =>
      expect((await http.get(`/api/products/${order.product_id}`).expect(200)).body.seller.rating).toMatchObject({
        count: after.count,
      }),
    );
  });
});

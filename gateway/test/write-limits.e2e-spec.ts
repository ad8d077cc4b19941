import type { INestApplication } from '@nestjs/common';
import { HttpException } from '@nestjs/common';
import { MESSAGES } from '@souvenir/contracts';
import { startService, startTestInfra, type TestInfra, type ServiceProcess } from '@souvenir/testing';
import type { Response } from 'express';
import request from 'supertest';
import { TcpProxy } from '../../tests/support/tcp-proxy';
import { WriteLimits } from '../src/security/write-limits';
import { join, startGateway, type Account } from './gateway-harness';

// Small limits, so each one is reached in a few requests. TRUST_PROXY_HOPS lets a test speak from two guest IPs.
const LIMITS = {
  WRITE_LIMIT_MESSAGES: '3/60',
  WRITE_LIMIT_LISTINGS: '4/3600',
  WRITE_LIMIT_FAVOURITES: '4/60',
  WRITE_LIMIT_PAYMENT_INTENTS: '2/600',
  WRITE_LIMIT_UPLOADS: '2/3600',
  WRITE_LIMIT_ORDERS: '3/600',
  WRITE_LIMIT_UNSUBSCRIBES: '2/600',
  WRITE_LIMIT_BLOCKS: '3/600',
  TRUST_PROXY_HOPS: '1',
};

let infra: TestInfra;
const services: ServiceProcess[] = [];
let gateway: INestApplication;
let http: ReturnType<typeof request>;
let shop: Account;
let buyer: Account;
let other: Account;
const products: string[] = [];

const listing = (title: string) => ({
  title,
  description: 'Hand-made souvenir bought on the road, customs cleared.',
  price: 12,
  condition: 'new',
  category: 'Home Decor',
  country: 'Peru',
  images: ['https://example.com/p.jpg'],
});
const guest = (email: string) => ({
  billingStreet: '1 Main St',
  billingCity: 'Springfield',
  billingZip: '10001',
  sameAsDelivery: true,
  email,
  firstName: 'Gia',
  lastName: 'Guest',
});

/** A refused write: 429 with the API's error shape and a Retry-After within the limit's window. */
function expectLimited(res: request.Response, windowSeconds: number): void {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ statusCode: 429, message: MESSAGES.tooManyAttempts });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

beforeAll(async () => {
  infra = await startTestInfra();
  services.push(await startService('identity', infra));
  services.push(await startService('catalog', infra));
  services.push(await startService('favourites', infra));
  services.push(await startService('messaging', infra));
  services.push(await startService('payments', infra));
  gateway = await startGateway(infra, { RPC_TIMEOUT_MS: '4000', ...LIMITS });
  http = request(gateway.getHttpServer());
  shop = await join(http, 'shopkeeper', 'Shop');
  buyer = await join(http, 'busybuyer', 'Busy');
  other = await join(http, 'calmbuyer', 'Calm');
  // Exactly the shop's listing limit: the products the other limits are tried on.
  for (let i = 0; i < 4; i += 1)
    products.push(
      (
        await http
          .post('/api/products')
          .set('Cookie', shop.cookie)
          .send(listing(`Clay bird number ${i}`))
          .expect(201)
      ).body.id,
    );
});

afterAll(async () => {
  await gateway?.close();
  for (const service of services.reverse()) await service.close();
  await infra?.stop();
});

describe('write limits (per user, per IP for guests)', () => {
  it('listings: creating and removing count together; past the limit 429 with Retry-After; another seller still lists', async () => {
    const seller = await join(http, 'eagerseller', 'Eager');
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1)
      ids.push(
        (
          await http
            .post('/api/products')
            .set('Cookie', seller.cookie)
            .send(listing(`Woven bag number ${i}`))
            .expect(201)
        ).body.id,
      );
    await http.delete(`/api/products/${ids[0]}`).set('Cookie', seller.cookie).expect(204);
    expectLimited(
      await http.post('/api/products').set('Cookie', seller.cookie).send(listing('One listing too many')),
      3600,
    );
    expectLimited(await http.delete(`/api/products/${ids[1]}`).set('Cookie', seller.cookie), 3600);
    // The refused writes changed nothing.
    await http.get(`/api/products/${ids[1]}`).expect(200);
    await http.post('/api/products').set('Cookie', other.cookie).send(listing('Calm listing')).expect(201);
    // The shop's limit was reached in beforeAll, and its next listing is refused too: the count is per user.
    expectLimited(
      await http.post('/api/products').set('Cookie', shop.cookie).send(listing('Shop listing too many')),
      3600,
    );
  });

  it('favourites: adding and removing count together; past the limit 429; another user still favourites', async () => {
    const [productId] = products;
    for (let i = 0; i < 2; i += 1) {
      await http.post('/api/favorites').set('Cookie', buyer.cookie).send({ productId }).expect(201);
      await http.delete(`/api/favorites/${productId}`).set('Cookie', buyer.cookie).expect(204);
    }
    expectLimited(await http.post('/api/favorites').set('Cookie', buyer.cookie).send({ productId }), 60);
    expectLimited(await http.delete(`/api/favorites/${productId}`).set('Cookie', buyer.cookie), 60);
    await http.post('/api/favorites').set('Cookie', other.cookie).send({ productId }).expect(201);
  });

  it('messages: past the limit 429; another user still writes', async () => {
    const message = { toUserId: shop.id, productId: products[0], content: 'Is it still available?' };
    for (let i = 0; i < 3; i += 1)
      await http.post('/api/messages').set('Cookie', buyer.cookie).send(message).expect(201);
    expectLimited(await http.post('/api/messages').set('Cookie', buyer.cookie).send(message), 60);
    await http.post('/api/messages').set('Cookie', other.cookie).send(message).expect(201);
  });

  it('payment intents: guests are counted per IP, members per account', async () => {
    const from = (ip: string) => http.post('/api/create-payment-intent').set('X-Forwarded-For', ip);
    await from('203.0.113.7')
      .send({ productId: products[0], amount: 12, guestInfo: guest('a@example.com') })
      .expect(200);
    await from('203.0.113.7')
      .send({ productId: products[1], amount: 12, guestInfo: guest('b@example.com') })
      .expect(200);
    expectLimited(
      await from('203.0.113.7').send({ productId: products[2], amount: 12, guestInfo: guest('c@example.com') }),
      600,
    );
    // Another guest's IP, and a member behind the busy IP, are not affected.
    await from('203.0.113.8')
      .send({ productId: products[2], amount: 12, guestInfo: guest('d@example.com') })
      .expect(200);
    const { billingStreet, billingCity, billingZip, sameAsDelivery } = guest('');
    await from('203.0.113.7')
      .set('Cookie', other.cookie)
      .send({
        productId: products[3],
        amount: 12,
        guestInfo: { billingStreet, billingCity, billingZip, sameAsDelivery },
      })
      .expect(200);
  });

  it('order actions: counted per member and per guest IP, before payments is asked; a signed-out seller route stays 401', async () => {
    const unknownOrder = '00000000-0000-4000-8000-000000000000';
    for (let i = 0; i < 3; i += 1)
      await http.post(`/api/orders/${unknownOrder}/confirm`).set('Cookie', buyer.cookie).expect(404);
    expectLimited(
      await http
        .post(`/api/orders/${unknownOrder}/cancel`)
        .set('Cookie', buyer.cookie)
        .send({ reason: 'Changed my mind' }),
      600,
    );
    expectLimited(
      await http
        .post(`/api/support/claims/${unknownOrder}/decision`)
        .set('Cookie', buyer.cookie)
        .send({ outcome: 'refund', reason: 'x' }),
      600,
    );
    await http
      .post(`/api/orders/${unknownOrder}/ship`)
      .set('Cookie', other.cookie)
      .send({ carrier: 'DHL' })
      .expect(404);

    const from = (ip: string) => http.post('/api/orders/some-private-token/confirm').set('X-Forwarded-For', ip);
    for (let i = 0; i < 3; i += 1) await from('203.0.113.20').expect(404);
    expectLimited(await from('203.0.113.20'), 600);
    await from('203.0.113.21').expect(404);
    await http
      .post(`/api/orders/${unknownOrder}/ship`)
      .set('X-Forwarded-For', '203.0.113.20')
      .send({ carrier: 'DHL' })
      .expect(401);
  });

  it('one-click unsubscribes: counted per IP before the token is even read; another IP still unsubscribes', async () => {
    // Not token-shaped, so each is refused by validation (400): the count comes first, as for every write.
    const from = (ip: string) => http.post('/api/unsubscribe/not-a-token').set('X-Forwarded-For', ip).send({});
    for (let i = 0; i < 2; i += 1) expect((await from('203.0.113.30')).status).toBe(400);
    expectLimited(await from('203.0.113.30'), 600);
    expect((await from('203.0.113.31')).status).toBe(400);
  });

  it("with Redis away, a guest still checks out and is still limited (counted in the replica's memory)", async () => {
    const redisUrl = new URL(infra.redisUrl);
    const proxy = await TcpProxy.start({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
    redisUrl.port = String(proxy.port);
    const cut = await startGateway(infra, { RPC_TIMEOUT_MS: '4000', ...LIMITS, REDIS_URL: redisUrl.toString() });
    await proxy.cut();
    try {
      const from = () =>
        request(cut.getHttpServer()).post('/api/create-payment-intent').set('X-Forwarded-For', '198.51.100.4');
      await from()
        .send({ productId: products[1], amount: 12, guestInfo: guest('e@example.com') })
        .expect(200);
      await from()
        .send({ productId: products[2], amount: 12, guestInfo: guest('f@example.com') })
        .expect(200);
      expectLimited(await from().send({ productId: products[3], amount: 12, guestInfo: guest('g@example.com') }), 600);
    } finally {
      await cut.close();
      await proxy.cut();
    }
  });

  it('uploads: the named limit is configured and counted per user (the upload route will take @WriteLimit("uploads"))', async () => {
    const limits = gateway.get(WriteLimits);
    const headers: Record<string, string> = {};
    const res = {
      setHeader: (name: string, value: string) => {
        headers[name] = value;
      },
    } as unknown as Response;
    await limits.consume('uploads', `user:${buyer.id}`, res);
    await limits.consume('uploads', `user:${buyer.id}`, res);
    const refused = await limits.consume('uploads', `user:${buyer.id}`, res).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpException);
    expect((refused as HttpException).getStatus()).toBe(429);
    expect(Number(headers['Retry-After'])).toBeGreaterThanOrEqual(1);
    await limits.consume('uploads', `user:${other.id}`, res);
  });

  it('blocks: blocking and unblocking count together; past the limit 429 and nothing changes; another user still blocks', async () => {
    const [blocker, calm, target] = [
      await join(http, 'blockcycler', 'Cy'),
      await join(http, 'calmblocker', 'Cal'),
      await join(http, 'blocktarget', 'Tia'),
    ];
    await http.post(`/api/users/${target.id}/block`).set('Cookie', blocker.cookie).expect(204);
    await http.delete(`/api/users/${target.id}/block`).set('Cookie', blocker.cookie).expect(204);
    await http.post(`/api/users/${target.id}/block`).set('Cookie', blocker.cookie).expect(204);
    expectLimited(await http.delete(`/api/users/${target.id}/block`).set('Cookie', blocker.cookie), 600);
    const blocks = await http.get('/api/me/blocks').set('Cookie', blocker.cookie).expect(200);
    expect(blocks.body.map((b: { user: { id: string } }) => b.user.id)).toEqual([target.id]);
    await http.post(`/api/users/${target.id}/block`).set('Cookie', calm.cookie).expect(204);
  });
});

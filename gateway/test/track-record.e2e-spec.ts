import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { startService, startTestInfra, type TestInfra, type ServiceProcess } from '@souvenir/testing';
import request from 'supertest';
import { join, startGateway, type Account, shipping } from './gateway-harness';

/** Over HTTP: a seller's track record on the profile, and the profile's rating and badge, with the real services. */
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
  await http.post('/api/payments/test-confirm').send({ clientSecret: intent.body.clientSecret, card: goodCard });
  const paid = await http
    .post('/api/payments/reconcile')
    .set('Cookie', buyer.cookie)
    .send({ paymentIntentId: intent.body.paymentIntentId })
    .expect(200);
  return paid.body.orderId;
}

beforeAll(async () => {
  infra = await startTestInfra();
  services.push(await startService('identity', infra));
  services.push(await startService('catalog', infra));
  services.push(await startService('payments', infra));
  gateway = await startGateway(infra, { RPC_TIMEOUT_MS: '4000' });
  http = request(gateway.getHttpServer());
  seller = await join(http, 'tracy', 'Tracy');
  buyer = await join(http, 'bruno', 'Bruno');
});

afterAll(async () => {
  await gateway?.close();
  for (const service of services.reverse()) await service.close();
  await infra?.stop();
});

describe('GET /api/users/:id/track-record', () => {
  it("answers anybody a new seller's empty record, 404 for an unknown user or an id that cannot be one", async () => {
    expect((await http.get(`/api/users/${seller.id}/track-record`).expect(200)).body).toEqual({
      sellerId: seller.id,
      salesCompleted: 0,
      averageHoursToShip: null,
      ordersClosed: 0,
      cancelledUnshippedShare: null,
      refundedAfterClaimShare: null,
    });
    await http.get(`/api/users/${randomUUID()}/track-record`).expect(404);
    await http.get('/api/users/not-a-uuid/track-record').expect(404);
  });

  it('counts a completed sale and a cancellation without shipping, and the profile has no rating and no badge yet', async () => {
    const sold = await paidOrder('Alpaca scarf');
    const as = (req: request.Test) => req.set('Cookie', seller.cookie);
    await as(http.post(`/api/orders/${sold}/ship`))
      .send({ carrier: 'USPS' })
      .expect(200);
    await as(http.post(`/api/orders/${sold}/delivered`)).expect(200);
    await http.post(`/api/orders/${sold}/confirm`).set('Cookie', buyer.cookie).expect(200);
    const dropped = await paidOrder('Clay whistle');
    await as(http.post(`/api/orders/${dropped}/cancel`))
      .send({ reason: 'Broke it while packing' })
      .expect(200);

    const record = (await http.get(`/api/users/${seller.id}/track-record`).expect(200)).body;
    expect(record).toMatchObject({
      salesCompleted: 1,
      ordersClosed: 2,
      cancelledUnshippedShare: 0.5,
      refundedAfterClaimShare: 0,
    });
    expect(record.averageHoursToShip).toBeGreaterThanOrEqual(0);
    // No payout account: a completed sale alone does not make a seller Verified.
    expect((await http.get(`/api/users/${seller.id}`).expect(200)).body).toMatchObject({
      isVerified: false,
      rating: null,
    });
  });
});

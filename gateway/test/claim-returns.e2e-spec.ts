import type { INestApplication } from '@nestjs/common';
import { eventually, startService, startTestInfra, type TestInfra, type ServiceProcess } from '@souvenir/testing';
import request from 'supertest';
import { join, startGateway, type Account, shipping } from './gateway-harness';

/*
 * The return step over real HTTP: support refunds a claim with the item back first; the buyer sends it with tracking;
 * the seller confirms it arrived; the buyer is refunded and the seller may relist the returned item.
 */
let infra: TestInfra;
const services: ServiceProcess[] = [];
let gateway: INestApplication;
let http: ReturnType<typeof request>;
let seller: Account;
let buyer: Account;
let support: Account;

const goodCard = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
  postalCode: '10001',
};

beforeAll(async () => {
  infra = await startTestInfra();
  services.push(await startService('identity', infra));
  services.push(await startService('catalog', infra));
  services.push(await startService('payments', infra));
  gateway = await startGateway(infra, { RPC_TIMEOUT_MS: '4000' });
  http = request(gateway.getHttpServer());
  seller = await join(http, 'sami', 'Sami');
  buyer = await join(http, 'bea', 'Bea');
  support = await join(http, 'suki', 'Suki');
  await infra.database.query(`UPDATE identity.users SET role = 'support' WHERE id = $1`, [support.id]);
});

afterAll(async () => {
  await gateway?.close();
  for (const service of services) await service.close();
  await infra?.stop();
});

it('support asks for the item back; the buyer sends it with tracking; the seller confirms; refunded, then relisted', async () => {
  const listed = await http
    .post('/api/products')
    .set('Cookie', seller.cookie)
    .send({
      title: 'Alpaca scarf',
      description: 'Hand-woven in Cusco, never worn.',
      price: 30,
      condition: 'new',
      category: 'Home Decor',
      country: 'Peru',
      images: ['https://example.com/p.jpg'],
    })
    .expect(201);
  const productId = listed.body.id as string;
  const intent = await http
    .post('/api/create-payment-intent')
    .set('Cookie', buyer.cookie)
    .send({ productId, amount: 30, guestInfo: shipping })
    .expect(200);
  await http.post('/api/payments/test-confirm').send({ clientSecret: intent.body.clientSecret, card: goodCard });
  const paid = await http
    .post('/api/payments/reconcile')
    .set('Cookie', buyer.cookie)
    .send({ paymentIntentId: intent.body.paymentIntentId })
    .expect(200);
  const orderId = paid.body.orderId as string;
  await http.post(`/api/orders/${orderId}/ship`).set('Cookie', seller.cookie).send({ carrier: 'UPS' }).expect(200);
  const claimed = await http
    .post(`/api/orders/${orderId}/claims`)
    .set('Cookie', buyer.cookie)
    .send({ reason: 'not_as_described', description: 'Acrylic, not alpaca' })
    .expect(201);

  await http
    .post(`/api/support/claims/${claimed.body.claim.id}/decision`)
    .set('Cookie', support.cookie)
    .send({ outcome: 'refund', reason: 'Send it back first', returnFirst: 'yes' })
    .expect(400);
  const decided = await http
    .post(`/api/support/claims/${claimed.body.claim.id}/decision`)
    .set('Cookie', support.cookie)
    .send({ outcome: 'refund', reason: 'The buyer is right; the scarf goes back first', returnFirst: true })
    .expect(200);
  expect(decided.body).toMatchObject({ status: 'disputed', claim: { status: 'returning' } });

  const noTracking = await http
    .post(`/api/orders/${orderId}/return`)
    .set('Cookie', buyer.cookie)
    .send({ carrier: 'UPS' })
    .expect(400);
  expect(noTracking.body.errors).toEqual([{ field: 'trackingNumber', message: 'Tracking number is required' }]);
  await http.post(`/api/orders/${orderId}/return/received`).set('Cookie', seller.cookie).expect(409);
  const sent = await http
    .post(`/api/orders/${orderId}/return`)
    .set('Cookie', buyer.cookie)
    .send({ carrier: 'UPS', trackingNumber: '1Z 999 AA1' })
    .expect(200);
  expect(sent.body).toMatchObject({ claim: { return: { carrier: 'UPS', trackingNumber: '1Z 999 AA1' } } });
  expect(sent.body.deadlines.map((d: { name: string }) => d.name)).toEqual(['returnArrivesBy']);
  // Support sees the return on the order in its queue.
  const queue = await http.get('/api/support/claims').set('Cookie', support.cookie).expect(200);
  const item = queue.body.items.find((i: { order: { id: string } }) => i.order.id === orderId);
  expect(item.claim).toMatchObject({ status: 'returning', return: { trackingNumber: '1Z 999 AA1' } });

  await http.post(`/api/products/${productId}/relist`).set('Cookie', seller.cookie).send({}).expect(409);
  const received = await http.post(`/api/orders/${orderId}/return/received`).set('Cookie', seller.cookie).expect(200);
  expect(received.body).toMatchObject({ status: 'refunded', claim: { status: 'resolved' } });
  await http.post(`/api/orders/${orderId}/return/received`).set('Cookie', seller.cookie).expect(409);

  // The returned item goes back on sale once catalog has heard of the refund.
  await eventually(async () => {
    await http.post(`/api/products/${productId}/relist`).set('Cookie', seller.cookie).send({}).expect(200);
  });
  expect((await http.get(`/api/products/${productId}`).expect(200)).body.status).toBe('active');
});

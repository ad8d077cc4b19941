import type { INestApplication } from '@nestjs/common';
import { MESSAGES, PAYMENT_MESSAGES } from '@souvenir/contracts';
import { eventually, startService, startTestInfra, type TestInfra, type ServiceProcess } from '@souvenir/testing';
import request from 'supertest';
import { join, startGateway, type Account, shipping } from './gateway-harness';

let infra: TestInfra;
const services: ServiceProcess[] = [];
let gateway: INestApplication;
let http: ReturnType<typeof request>;

let seller: Account;
let buyer: Account;

const guestInfo = { ...shipping, email: 'gia@example.com', firstName: 'Gia', lastName: 'Guest' };
const goodCard = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
  postalCode: '10001',
};

async function listProduct(title: string, price: number): Promise<string> {
  const res = await http
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
  return res.body.id;
}

beforeAll(async () => {
  infra = await startTestInfra();
  services.push(await startService('identity', infra));
  services.push(await startService('catalog', infra));
  services.push(await startService('payments', infra));
  gateway = await startGateway(infra, { RPC_TIMEOUT_MS: '4000' });
  http = request(gateway.getHttpServer());
  seller = await join(http, 'sami', 'Sami');
  buyer = await join(http, 'bolivar', 'Bo');
});

afterAll(async () => {
  await gateway?.close();
  for (const service of services.reverse()) await service.close();
  await infra?.stop();
});

describe('checkout over HTTP', () => {
  it('creates an intent for a guest and for a member (200), with the server price', async () => {
    const productId = await listProduct('Alpaca wool scarf', 35.5);
    const asGuest = await http
      .post('/api/create-payment-intent')
      .send({ productId, amount: 35.5, guestInfo })
      .expect(200);
    expect(asGuest.body).toEqual({
      clientSecret: expect.any(String),
      paymentIntentId: expect.stringMatching(/^pi_test_/),
      amount: '35.50',
      currency: 'usd',
      provider: 'test',
      checkoutToken: expect.any(String),
    });
    const asMember = await http
      .post('/api/create-payment-intent')
      .set('Cookie', buyer.cookie)
      .send({ productId, amount: '35.50', guestInfo: shipping })
      .expect(200);
    expect(asMember.body.paymentIntentId).not.toBe(asGuest.body.paymentIntentId);
  });

  it('answers 400 with the spec messages, 403 for your own item, 409 for a changed price', async () => {
    const productId = await listProduct('Clay whistle bird', 10);
    const invalid = await http
      .post('/api/create-payment-intent')
      .send({ productId, amount: 10, guestInfo: shipping })
      .expect(400);
    expect(invalid.body.errors).toEqual(
      expect.arrayContaining([{ field: 'guestInfo.email', message: MESSAGES.emailRequired }]),
    );
    const noStreet = await http
      .post('/api/create-payment-intent')
      .set('Cookie', buyer.cookie)
      .send({ productId, amount: 10, guestInfo: { ...shipping, billingStreet: '' } })
      .expect(400);
    expect(noStreet.body.errors).toEqual([{ field: 'guestInfo.billingStreet', message: MESSAGES.streetRequired }]);
    const own = await http
      .post('/api/create-payment-intent')
      .set('Cookie', seller.cookie)
      .send({ productId, amount: 10, guestInfo: shipping })
      .expect(403);
    expect(own.body.message).toBe(PAYMENT_MESSAGES.ownProduct);
    const changed = await http
      .post('/api/create-payment-intent')
      .send({ productId, amount: '9.99', guestInfo })
      .expect(409);
    expect(changed.body).toEqual({ statusCode: 409, message: PAYMENT_MESSAGES.priceChanged });
  });

  it('confirms a test card, reconciles, and the product is sold (409 for the next buyer)', async () => {
    const productId = await listProduct('Inca cross pendant', 80);
    const intent = await http
      .post('/api/create-payment-intent')
      .set('Cookie', buyer.cookie)
      .send({ productId, amount: 80, guestInfo: shipping })
      .expect(200);
    const { paymentIntentId, clientSecret } = intent.body;
    // The intent's id is no capability: confirming takes the client secret, as Stripe.js does.
    await http.post('/api/payments/test-confirm').send({ paymentIntentId, card: goodCard }).expect(400);
    await http.post('/api/payments/test-confirm').send({ clientSecret: paymentIntentId, card: goodCard }).expect(404);
    const declined = await http
      .post('/api/payments/test-confirm')
      .send({ clientSecret, card: { ...goodCard, number: '4000000000000002' } })
      .expect(200);
    expect(declined.body).toEqual({ status: 'failed', message: PAYMENT_MESSAGES.declined });
    await http
      .post('/api/payments/test-confirm')
      .send({ clientSecret, card: goodCard })
      .expect(200, { status: 'succeeded' });
    await http.post('/api/payments/reconcile').send({ paymentIntentId }).expect(404);
    const reconciled = await http
      .post('/api/payments/reconcile')
      .set('Cookie', buyer.cookie)
      .send({ paymentIntentId })
      .expect(200);
    expect(reconciled.body).toEqual({ status: 'paid', productId, orderId: expect.any(String), amount: '80.00' });
    await eventually(async () =>
      expect((await http.get(`/api/products/${productId}`).expect(200)).body.status).toBe('sold'),
    );
    const again = await http.post('/api/create-payment-intent').send({ productId, amount: 80, guestInfo }).expect(409);
    expect(again.body.message).toBe(PAYMENT_MESSAGES.noLongerAvailable);

    // A removed product is no longer available either (409), while an unknown id stays 404.
    const removedId = await listProduct('Woven coca bag', 22);
    await http.delete(`/api/products/${removedId}`).set('Cookie', seller.cookie).expect(204);
    const removed = await http
      .post('/api/create-payment-intent')
      .send({ productId: removedId, amount: 22, guestInfo })
      .expect(409);
    expect(removed.body.message).toBe(PAYMENT_MESSAGES.noLongerAvailable);
    await http
      .post('/api/create-payment-intent')
      .send({ productId: '00000000-0000-4000-8000-000000000000', amount: 22, guestInfo })
      .expect(404);

    const orders = await http.get('/api/orders').set('Cookie', buyer.cookie).expect(200);
    expect(orders.body.purchases).toEqual([
      expect.objectContaining({ product: expect.objectContaining({ id: productId }), amount: '80.00', status: 'paid' }),
    ]);
    const sales = await http.get('/api/orders').set('Cookie', seller.cookie).expect(200);
    expect(sales.body.sales[0]).toMatchObject({
      product: { id: productId },
      buyer: { firstName: 'Bo', lastName: 'Traveller', deliveryAddress: { street: '1 Main St', zip: '10001' } },
    });
  });

  it('needs sign-in for orders (401); a reconcile of an unknown intent is 404; an unsigned or badly signed webhook is 400', async () => {
    await http.get('/api/orders').expect(401);
    await http.post('/api/payments/reconcile').send({ paymentIntentId: 'pi_test_unknown' }).expect(404);
    // The test-mode provider signs its own webhooks the way Stripe does, so test mode verifies them too.
    await http
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', 't=1,v1=x')
      .send('{"id":"evt_1"}')
      .expect(400);
    await http.post('/api/webhooks/stripe').set('Content-Type', 'application/json').send('{"id":"evt_1"}').expect(400);
  });
});

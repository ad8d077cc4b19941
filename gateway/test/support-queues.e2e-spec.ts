import type { INestApplication } from '@nestjs/common';
import { startService, startTestInfra, type TestInfra } from '@souvenir/testing';
import request from 'supertest';
import { AppModule as CatalogModule, SERVICE_NAME as CATALOG } from '../../services/catalog/src/app.module';
import { CatalogConfig } from '../../services/catalog/src/config/catalog.config';
import { AppModule as IdentityModule, SERVICE_NAME as IDENTITY } from '../../services/identity/src/app.module';
import { IdentityConfig } from '../../services/identity/src/config/identity.config';
import { AppModule as PaymentsModule, SERVICE_NAME as PAYMENTS } from '../../services/payments/src/app.module';
import { PaymentsConfig } from '../../services/payments/src/config/payments.config';
import { AppModule as ReviewsModule, SERVICE_NAME as REVIEWS } from '../../services/reviews/src/app.module';
import { ReviewsConfig } from '../../services/reviews/src/config/reviews.config';
import { AppModule as ModerationModule, SERVICE_NAME as MODERATION } from '../../services/moderation/src/app.module';
import { ModerationConfig } from '../../services/moderation/src/config/moderation.config';
import { join, startGateway, type Account } from './gateway-harness';

/*
 * The support nav's counts over real HTTP: one gateway call answers every queue's count, each from the service that
 * owns the queue; a count follows a new item and a decision; only support may ask.
 */
let infra: TestInfra;
const services: INestApplication[] = [];
let gateway: INestApplication;
let http: ReturnType<typeof request>;
let seller: Account;
let buyer: Account;
let support: Account;

const shipping = { billingStreet: '1 Main St', billingCity: 'Springfield', billingZip: '10001', sameAsDelivery: true };
const goodCard = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
  postalCode: '10001',
};

async function listProduct(title: string, documented = false): Promise<string> {
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
      ...(documented
        ? { contents: ['wood'], provenance: { boughtCity: 'Cusco', documents: ['https://example.com/receipt.jpg'] } }
        : {}),
    })
    .expect(201);
  return res.body.id;
}

/** A member buys a new product, the seller ships it and the buyer opens a claim: the claims queue holds one more. */
async function claimed(title: string): Promise<void> {
  const productId = await listProduct(title);
  const intent = await http
    .post('/api/create-payment-intent')
    .set('Cookie', buyer.cookie)
    .send({ productId, amount: 30, guestInfo: shipping })
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
  const orderId = paid.body.orderId as string;
  await http.post(`/api/orders/${orderId}/ship`).set('Cookie', seller.cookie).send({ carrier: 'UPS' }).expect(200);
  await http
    .post(`/api/orders/${orderId}/claims`)
    .set('Cookie', buyer.cookie)
    .send({ reason: 'damaged', description: 'Arrived in pieces', photos: ['https://img.example.com/broken.jpg'] })
    .expect(201);
}

const counts = async () => (await http.get('/api/support/queues').set('Cookie', support.cookie).expect(200)).body;

beforeAll(async () => {
  infra = await startTestInfra();
  services.push(await startService(IDENTITY, IdentityConfig, (c) => IdentityModule.register(c), infra));
  services.push(await startService(CATALOG, CatalogConfig, (c) => CatalogModule.register(c), infra));
  services.push(await startService(PAYMENTS, PaymentsConfig, (c) => PaymentsModule.register(c), infra));
  services.push(await startService(REVIEWS, ReviewsConfig, (c) => ReviewsModule.register(c), infra));
  services.push(await startService(MODERATION, ModerationConfig, (c) => ModerationModule.register(c), infra));
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

it("counts every support queue in one call, following new items and support's decisions", async () => {
  expect(await counts()).toEqual({ claims: 0, disputes: 0, provenance: 0, reviews: 0, reports: 0 });

  const documented = await listProduct('Carved gourd from Huancayo', true);
  const belt = await listProduct('Woven belt without papers');
  await claimed('Alpaca scarf');
  await http
    .post('/api/reports')
    .set('Cookie', buyer.cookie)
    .send({ subjectType: 'product', subjectId: belt, reason: 'prohibited-item' })
    .expect(201);
  expect(await counts()).toEqual({ claims: 1, disputes: 0, provenance: 1, reviews: 0, reports: 1 });

  // The count is of the whole queue, and a decision takes the item out of it.
  await http
    .post(`/api/support/provenance/${documented}/decision`)
    .set('Cookie', support.cookie)
    .send({ decision: 'approve' })
    .expect(200);
  expect(await counts()).toMatchObject({ provenance: 0, claims: 1 });
});

it('answers the counts to support only', async () => {
  await http.get('/api/support/queues').expect(401);
  const member = await http.get('/api/support/queues').set('Cookie', buyer.cookie).expect(403);
  expect(member.body.message).toEqual(expect.any(String));
});

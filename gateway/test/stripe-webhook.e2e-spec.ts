import type { INestApplication } from '@nestjs/common';
import { RPC } from '@souvenir/contracts';
import {
  eventually,
  rpcClient,
  startService,
  startTestInfra,
  type TestInfra,
  type ServiceProcess,
} from '@souvenir/testing';
import type { RpcClient } from '@souvenir/platform';
import request from 'supertest';
import { signedEvent, StripeStub } from '../../services/payments/test/stripe-stub';
import { startGateway } from './gateway-harness';

let infra: TestInfra;
const services: ServiceProcess[] = [];
let gateway: INestApplication;
let rpc: RpcClient;
let closeRpc: () => Promise<void>;
const stub = new StripeStub();

beforeAll(async () => {
  await stub.start();
  infra = await startTestInfra();
  services.push(await startService('identity', infra));
  services.push(await startService('catalog', infra));
  services.push(await startService('payments', infra, stub.env()));
  gateway = await startGateway(infra);
  ({ rpc, close: closeRpc } = await rpcClient(infra, 8000));
});

afterAll(async () => {
  await closeRpc?.();
  await gateway?.close();
  for (const service of services.reverse()) await service.close();
  await infra?.stop();
  await stub.stop();
});

describe('POST /api/webhooks/stripe (raw body, Stripe SDK against a local stub)', () => {
  it('verifies the signature over the exact bytes: forged 400, genuine 200 twice and applied once; test-confirm is 404', async () => {
    const http = request(gateway.getHttpServer());
    const seller = await rpc.send(RPC.identity.register, {
      email: 'wes@example.com',
      password: 'secret1',
      username: 'wes',
      firstName: 'Wes',
      lastName: 'Seller',
    });
    const product = await rpc.send(RPC.catalog.createProduct, {
      actorId: seller.id,
      product: {
        title: 'Peruvian llama rug',
        description: 'Woven by hand in Cusco, customs cleared and ready.',
        price: 120,
        condition: 'new',
        category: 'Textiles',
        country: 'Peru',
        images: ['https://example.com/rug.jpg'],
      },
    });
    const intent = await http
      .post('/api/create-payment-intent')
      .send({
        productId: product.id,
        amount: '120.00',
        guestInfo: {
          email: 'g@example.com',
          firstName: 'G',
          lastName: 'Uest',
          billingStreet: '1 Main St',
          billingCity: 'Austin',
          billingZip: '73301',
          sameAsDelivery: true,
        },
      })
      .expect(200);
    expect(intent.body).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_stub', amount: '120.00' });
    await http
      .post('/api/payments/test-confirm')
      .send({ clientSecret: intent.body.clientSecret, card: {} })
      .expect(404);

    const stubIntent = stub.intents.get(intent.body.paymentIntentId)!;
    stubIntent.status = 'succeeded';
    const event = signedEvent('evt_http_1', stubIntent);
    // Re-serialising the JSON (as a JSON body parser would) changes the bytes: the signature must not verify.
    const reformatted = JSON.stringify(JSON.parse(event.payload), null, 2);
    await http
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', event.signature)
      .send(reformatted)
      .expect(400);
    await http
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', 't=1,v1=bad')
      .send(event.payload)
      .expect(400);
    for (let i = 0; i < 2; i++) {
      await http
        .post('/api/webhooks/stripe')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', event.signature)
        .send(event.payload)
        .expect(200, { received: true });
    }
    expect(await infra.database.query('SELECT event_id FROM payments.processed_provider_events')).toEqual([
      { event_id: 'evt_http_1' },
    ]);
    await eventually(async () =>
      expect((await http.get(`/api/products/${product.id}`).expect(200)).body.status).toBe('sold'),
    );
    await http.post('/api/payments/reconcile').send({ paymentIntentId: intent.body.paymentIntentId }).expect(404);
    const reconciled = await http
      .post('/api/payments/reconcile')
      .send({ paymentIntentId: intent.body.paymentIntentId, clientSecret: intent.body.clientSecret })
      .expect(200);
    expect(reconciled.body).toEqual({
      status: 'paid',
      productId: product.id,
      orderId: expect.any(String),
      amount: '120.00',
    });
  });
});

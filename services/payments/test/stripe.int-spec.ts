import type { INestApplication } from '@nestjs/common';
import { ErrorCode, EVENTS, PAYMENT_MESSAGES, RPC, type OrderPaidEvent, type ProductDto } from '@souvenir/contracts';
import { DomainError, type RpcClient } from '@souvenir/platform';
import {
  eventually,
  readStreamEvents,
  rpcClient,
  startService,
  startTestInfra,
  type TestInfra,
} from '@souvenir/testing';
import { AppModule as CatalogModule, SERVICE_NAME as CATALOG } from '../../catalog/src/app.module';
import { CatalogConfig } from '../../catalog/src/config/catalog.config';
import { AppModule as IdentityModule, SERVICE_NAME as IDENTITY } from '../../identity/src/app.module';
import { IdentityConfig } from '../../identity/src/config/identity.config';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { PaymentsConfig } from '../src/config/payments.config';
import { signedEvent, StripeStub } from './stripe-stub';

let infra: TestInfra;
const apps: INestApplication[] = [];
let rpc: RpcClient;
let closeRpc: () => Promise<void>;
const stub = new StripeStub();
let seller: string;
let buyer: string;
let other: string;

const shipping = { billingStreet: '1 Main St', billingCity: 'Springfield', billingZip: '10001', sameAsDelivery: true };
const person = (n: string) => ({
  email: `${n}@example.com`,
  password: 'secret1',
  username: n,
  firstName: n,
  lastName: 'Test',
});
const list = (title: string): Promise<ProductDto> =>
  rpc.send(RPC.catalog.createProduct, {
    actorId: seller,
    product: {
      title,
      description: 'A lovely handmade souvenir brought home from far away.',
      price: 19.99,
      condition: 'new',
      category: 'Art & Crafts',
      country: 'Japan',
      images: ['https://example.com/a.jpg'],
    },
  });

beforeAll(async () => {
  await stub.start();
  infra = await startTestInfra();
  apps.push(await startService(IDENTITY, IdentityConfig, (c) => IdentityModule.register(c), infra));
  apps.push(await startService(CATALOG, CatalogConfig, (c) => CatalogModule.register(c), infra));
  apps.push(await startService(SERVICE_NAME, PaymentsConfig, (c) => AppModule.register(c), infra, stub.env()));
  ({ rpc, close: closeRpc } = await rpcClient(infra, 8000));
  [seller, buyer, other] = await Promise.all(
    ['satoshi', 'bianca', 'carlos'].map(async (n) => (await rpc.send(RPC.identity.register, person(n))).id),
  );
});

afterAll(async () => {
  await closeRpc?.();
  for (const app of apps.reverse()) await app.close();
  await infra?.stop();
  await stub.stop();
});

describe('Stripe adapter (real SDK against a local stub)', () => {
  it('creates the intent in cents with an idempotency key derived from the order, and a retry reuses it', async () => {
    const product = await list('Kokeshi doll');
    const intent = await rpc.send(RPC.payments.createIntent, {
      actorId: buyer,
      productId: product.id,
      amount: '19.99',
      guestInfo: shipping,
    });
    expect(intent).toEqual({
      clientSecret: `${intent.paymentIntentId}_secret_stub`,
      paymentIntentId: expect.stringMatching(/^pi_/),
      amount: '19.99',
      currency: 'usd',
      provider: 'stripe',
      publishableKey: 'pk_test_stub',
    });
    const create = stub.calls.find((c) => c.method === 'POST' && c.path === '/v1/payment_intents')!;
    expect(create.form.get('amount')).toBe('1999');
    expect(create.form.get('currency')).toBe('usd');
    expect(create.form.get('metadata[productId]')).toBe(product.id);
    expect(create.headers['idempotency-key']).toBe(`order-${create.form.get('metadata[orderId]')}`);
    expect(create.headers.authorization).toBe('Bearer sk_test_stub');

    const again = await rpc.send(RPC.payments.createIntent, {
      actorId: buyer,
      productId: product.id,
      amount: 19.99,
      guestInfo: shipping,
    });
    expect(again.paymentIntentId).toBe(intent.paymentIntentId);
    expect(stub.calls.filter((c) => c.path === '/v1/payment_intents')).toHaveLength(1);
    expect(
      await errorCode(rpc.send(RPC.payments.confirmTestPayment, { clientSecret: intent.clientSecret, card: {} })),
    ).toBe(ErrorCode.NotFound);
  });

  it('applies a signed webhook once even when delivered twice; a bad signature is refused (400 at the gateway)', async () => {
    const product = await list('Furoshiki cloth');
    const { paymentIntentId } = await rpc.send(RPC.payments.createIntent, {
      actorId: buyer,
      productId: product.id,
      amount: '19.99',
      guestInfo: shipping,
    });
    const intent = stub.intents.get(paymentIntentId)!;
    intent.status = 'succeeded';
    const event = signedEvent('evt_paid_1', intent);

    const forged = await rpc
      .send(RPC.payments.handleWebhook, { payload: event.payload.replace('19', '18'), signature: event.signature })
      .catch((e: DomainError) => e);
    expect(forged).toMatchObject({ code: ErrorCode.ValidationFailed, message: 'Invalid webhook signature' });
    const noEvents = await infra.database.query('SELECT 1 FROM payments.processed_provider_events');
    expect(noEvents).toEqual([]);

    for (let i = 0; i < 2; i++) expect(await rpc.send(RPC.payments.handleWebhook, event)).toEqual({ ok: true });
    const rows = await infra.database.query<{ event_id: string }>(
      'SELECT event_id FROM payments.processed_provider_events',
    );
    expect(rows.map((r) => r.event_id)).toEqual(['evt_paid_1']);
    await eventually(async () => {
      const paid = (await readStreamEvents<OrderPaidEvent>(infra, EVENTS.payments.orderPaid)).filter(
        (e) => e.data.productId === product.id,
      );
      expect(paid).toHaveLength(1);
      expect(paid[0].data.amountCents).toBe(1999);
    });
    await eventually(async () =>
      expect((await rpc.send(RPC.catalog.getProduct, { productId: product.id })).status).toBe('sold'),
    );
    expect(await rpc.send(RPC.payments.reconcile, { paymentIntentId, actorId: buyer })).toEqual({
      status: 'paid',
      productId: product.id,
      orderId: expect.any(String),
      amount: '19.99',
    });
  });

  it('reconciles from the provider and refunds the later of two payments for one product', async () => {
    const product = await list('Daruma doll');
    const [a, b] = await Promise.all(
      [buyer, other].map((actorId) =>
        rpc.send(RPC.payments.createIntent, { actorId, productId: product.id, amount: '19.99', guestInfo: shipping }),
      ),
    );
    stub.intents.get(a.paymentIntentId)!.status = 'succeeded';
    stub.intents.get(b.paymentIntentId)!.status = 'succeeded';
    const results = await Promise.all([
      rpc.send(RPC.payments.reconcile, { paymentIntentId: a.paymentIntentId, actorId: buyer }),
      rpc.send(RPC.payments.reconcile, { paymentIntentId: b.paymentIntentId, actorId: other }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['paid', 'refunded']);
    const loser = results[0].status === 'refunded' ? a : b;
    expect(results.find((r) => r.status === 'refunded')).toEqual({
      status: 'refunded',
      productId: product.id,
      message: PAYMENT_MESSAGES.soldToAnotherBuyer,
    });
    const refunds = stub.calls.filter((c) => c.path === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0].form.get('payment_intent')).toBe(loser.paymentIntentId);
    expect(refunds[0].headers['idempotency-key']).toMatch(/^refund-/);
  });

  it('after a sale, closes the other checkouts: an open intent is cancelled, one that succeeded meanwhile is refunded (Stripe refuses its cancel)', async () => {
    const product = await list('Maneki-neko');
    const [winner, waiting, lateCharged] = await Promise.all(
      [buyer, other, undefined].map((actorId) =>
        rpc.send(RPC.payments.createIntent, {
          productId: product.id,
          amount: '19.99',
          ...(actorId
            ? { actorId, guestInfo: shipping }
            : { guestInfo: { ...shipping, email: 'late@example.com', firstName: 'Late', lastName: 'Guest' } }),
        }),
      ),
    );
    stub.intents.get(winner.paymentIntentId)!.status = 'succeeded';
    expect(
      (await rpc.send(RPC.payments.reconcile, { paymentIntentId: winner.paymentIntentId, actorId: buyer })).status,
    ).toBe('paid');
    // The late card is charged while the sold event travels: nothing has told our order yet.
    stub.intents.get(lateCharged.paymentIntentId)!.status = 'succeeded';
    await eventually(async () => {
      expect(stub.intents.get(waiting.paymentIntentId)!.status).toBe('canceled');
      expect(stub.calls.filter((c) => c.path === '/v1/refunds').map((c) => c.form.get('payment_intent'))).toContain(
        lateCharged.paymentIntentId,
      );
    });
    expect(
      await rpc.send(RPC.payments.reconcile, {
        paymentIntentId: lateCharged.paymentIntentId,
        clientSecret: lateCharged.clientSecret,
      }),
    ).toEqual({ status: 'refunded', productId: product.id, message: PAYMENT_MESSAGES.refundedNoLongerAvailable });
    expect(
      stub.calls.filter(
        (c) => c.path === '/v1/refunds' && c.form.get('payment_intent') === lateCharged.paymentIntentId,
      ),
    ).toHaveLength(1);
  });
});

function errorCode(promise: Promise<unknown>): Promise<ErrorCode | null> {
  return promise.then(
    () => null,
    (e: unknown) => (e instanceof DomainError ? e.code : null),
  );
}

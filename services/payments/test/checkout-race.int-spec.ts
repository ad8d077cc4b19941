// No charge without an order: twenty buyers confirming one item at once, and payments whose answer was
// lost in a crash, against the real services, Postgres and NATS.
import type { INestApplication } from '@nestjs/common';
import { RPC, type ShippingInfoDto, type TestCardDto } from '@souvenir/contracts';
import type { RpcClient } from '@souvenir/platform';
import { eventually, rpcClient, startService, startTestInfra, type TestInfra } from '@souvenir/testing';
import { AppModule as CatalogModule, SERVICE_NAME as CATALOG } from '../../catalog/src/app.module';
import { CatalogConfig } from '../../catalog/src/config/catalog.config';
import { AppModule as IdentityModule, SERVICE_NAME as IDENTITY } from '../../identity/src/app.module';
import { IdentityConfig } from '../../identity/src/config/identity.config';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { PaymentsConfig } from '../src/config/payments.config';
import { auditLedger } from '../src/ledger/ledger-audit';
import { Settlement } from '../src/checkout/settlement';

let infra: TestInfra;
const apps: INestApplication[] = [];
let payments: INestApplication;
let rpc: RpcClient;
let closeRpc: () => Promise<void>;
let seller: string;

const guest = (n: number): ShippingInfoDto => ({
  email: `buyer${n}@example.com`,
  firstName: 'Buyer',
  lastName: `No${n}`,
  billingStreet: `${n} Crowd St`,
  billingCity: 'Springfield',
  billingZip: '10001',
  sameAsDelivery: true,
});
const card: TestCardDto = {
  number: '4242424242424242',
  expMonth: '12',
  expYear: String(new Date().getUTCFullYear() + 2),
  cvc: '123',
  postalCode: '10001',
};
const list = (title: string, price = 30) =>
  rpc.send(RPC.catalog.createProduct, {
    actorId: seller,
    product: {
      title,
      description: 'One of a kind: only one buyer can have it.',
      price,
      condition: 'new' as const,
      category: 'Art & Crafts',
      country: 'Japan',
      images: ['https://example.com/one.jpg'],
    },
  });

interface Money {
  order_status: string;
  intent_status: string;
  refunded: boolean;
}
/** Each order of the product with what its buyer's card went through. */
const moneyOf = (productId: string) =>
  infra.database.query<Money>(
    `SELECT o.status AS order_status, i.status AS intent_status, i.refunded
     FROM payments.orders o JOIN payments.test_intents i ON i.id = o.provider_payment_id WHERE o.product_id = $1`,
    [productId],
  );
interface Card {
  order_status: string;
  intent_status: string;
  captures: number;
  refunds: number;
  message: string | null;
}
/** What each buyer's card went through, with how often the provider was asked to capture and to refund it. */
const cardsOf = (productId: string) =>
  infra.database.query<Card>(
    `SELECT o.status AS order_status, i.status AS intent_status, i.capture_calls AS captures, i.refund_calls AS refunds,
            o.failure_message AS message
     FROM payments.orders o JOIN payments.test_intents i ON i.id = o.provider_payment_id WHERE o.product_id = $1`,
    [productId],
  );

beforeAll(async () => {
  infra = await startTestInfra();
  apps.push(await startService(IDENTITY, IdentityConfig, (c) => IdentityModule.register(c), infra));
  apps.push(await startService(CATALOG, CatalogConfig, (c) => CatalogModule.register(c), infra));
  // Grace 0: the sweep looks at every unpaid order at once (tests call it directly; the schedule is once a minute).
  payments = await startService(SERVICE_NAME, PaymentsConfig, (c) => AppModule.register(c), infra, {
    PAYMENTS_SWEEP_GRACE_SECONDS: '0',
  });
  apps.push(payments);
  ({ rpc, close: closeRpc } = await rpcClient(infra, 8000));
  seller = (
    await rpc.send(RPC.identity.register, {
      email: 'one@example.com',
      password: 'secret1',
      username: 'onlyone',
      firstName: 'Ona',
      lastName: 'Seller',
    })
  ).id;
});

afterAll(async () => {
  await closeRpc?.();
  for (const app of apps.reverse()) await app.close();
  await infra?.stop();
});

it('twenty buyers confirming one item at once: one order, the winner captured once, every other authorisation cancelled (never captured, never refunded), the ledger balanced, payments answering throughout', async () => {
  const product = await list('Last kokeshi doll');
  const intents = await Promise.all(
    Array.from({ length: 20 }, (_, n) =>
      rpc.send(RPC.payments.createIntent, { productId: product.id, amount: '30', guestInfo: guest(n) }),
    ),
  );

  // Another buyer's page keeps asking payments for their orders while the crowd pays.
  const probeLatencies: number[] = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const started = Date.now();
      await rpc.send(RPC.payments.listOrders, { actorId: seller });
      probeLatencies.push(Date.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  // The crowd arrives over about a second: the first payment's sold event lands while later ones are being confirmed.
  const outcomes = await Promise.all(
    intents.map(async (i, n) => {
      await new Promise((r) => setTimeout(r, n * 50));
      return rpc.send(RPC.payments.confirmTestPayment, { clientSecret: i.clientSecret, card });
    }),
  );
  // The sold event closes the losers' checkouts and their settle jobs run: give them a few seconds under probing.
  await eventually(async () => {
    const cards = await cardsOf(product.id);
    expect(cards.filter((c) => c.intent_status !== 'succeeded' && c.intent_status !== 'canceled')).toEqual([]);
  }, 20_000);
  probing = false;
  await probe;

  expect(outcomes.filter((o) => o.status === 'succeeded')).toHaveLength(1);
  // Every loser who got as far as an answer is told their card was not charged.
  for (const outcome of outcomes.filter((o) => o.status !== 'succeeded'))
    expect(outcome).toEqual({ status: 'failed', message: expect.stringMatching(/not charged|no longer available/) });
  const cards = await cardsOf(product.id);
  expect(cards).toHaveLength(20);
  expect(cards.filter((c) => c.order_status === 'paid')).toEqual([
    { order_status: 'paid', intent_status: 'succeeded', captures: 1, refunds: 0, message: null },
  ]);
  const losers = cards.filter((c) => c.order_status !== 'paid');
  expect(losers).toHaveLength(19);
  for (const loser of losers)
    expect(loser).toMatchObject({ order_status: 'failed', intent_status: 'canceled', captures: 0, refunds: 0 });
  // One payment entry, of the winner's amount, and every rule of the ledger holds.
  const [entries] = await infra.database.query<{ count: string }>(
    `SELECT count(*) FROM payments.ledger_entries e JOIN payments.orders o ON o.id = e.order_id
     WHERE o.product_id = $1 AND e.kind = 'payment'`,
    [product.id],
  );
  expect(entries.count).toBe('1');
  expect(await auditLedger((sql, params) => infra.database.query(sql, params))).toEqual([]);
  expect(probeLatencies.length).toBeGreaterThan(0);
  // Every probe answered (a stalled pool answered nothing for ~48 s); the bound is far from any normal figure.
  expect(Math.max(...probeLatencies)).toBeLessThan(2000);
});

describe('the sweep: no buyer is charged without an order, whatever crashed when', () => {
  it('a payment that succeeded but whose order was never updated becomes the sale', async () => {
    const product = await list('Lost answer bowl');
    const intent = await rpc.send(RPC.payments.createIntent, {
      productId: product.id,
      amount: '30',
      guestInfo: guest(100),
    });
    // The provider charged the card, then the process died before the order learnt of it.
    await infra.database.query(`UPDATE payments.test_intents SET status = 'succeeded' WHERE id = $1`, [
      intent.paymentIntentId,
    ]);
    await payments.get(Settlement).sweep();
    expect(await moneyOf(product.id)).toEqual([{ order_status: 'paid', intent_status: 'succeeded', refunded: false }]);
    await eventually(async () =>
      expect((await rpc.send(RPC.catalog.getProduct, { productId: product.id })).status).toBe('sold'),
    );
  });

  it('a payment that succeeded for a checkout closed meanwhile (the item went to someone else) is refunded', async () => {
    const product = await list('Contested teapot');
    const late = await rpc.send(RPC.payments.createIntent, {
      productId: product.id,
      amount: '30',
      guestInfo: guest(200),
    });
    const winner = await rpc.send(RPC.payments.createIntent, {
      productId: product.id,
      amount: '30',
      guestInfo: guest(201),
    });
    await rpc.send(RPC.payments.confirmTestPayment, { clientSecret: winner.clientSecret, card });
    await eventually(async () => {
      const [row] = await infra.database.query<{ closed: boolean }>(
        `SELECT closed_at IS NOT NULL AS closed FROM payments.orders WHERE provider_payment_id = $1`,
        [late.paymentIntentId],
      );
      expect(row.closed).toBe(true);
    });
    // The late card was charged anyway (its cancellation lost the race), and nothing told the order.
    await infra.database.query(`UPDATE payments.test_intents SET status = 'succeeded' WHERE id = $1`, [
      late.paymentIntentId,
    ]);
    await payments.get(Settlement).sweep();
    const money = await moneyOf(product.id);
    expect(money).toHaveLength(2);
    expect(money).toEqual(
      expect.arrayContaining([
        { order_status: 'paid', intent_status: 'succeeded', refunded: false },
        { order_status: 'refunded', intent_status: 'succeeded', refunded: true },
      ]),
    );
  });

  it('an authorisation made for a checkout closed meanwhile is cancelled: the card is never charged', async () => {
    const product = await list('Contested fan');
    const late = await rpc.send(RPC.payments.createIntent, {
      productId: product.id,
      amount: '30',
      guestInfo: guest(300),
    });
    const winner = await rpc.send(RPC.payments.createIntent, {
      productId: product.id,
      amount: '30',
      guestInfo: guest(301),
    });
    await rpc.send(RPC.payments.confirmTestPayment, { clientSecret: winner.clientSecret, card });
    await eventually(async () => {
      const [row] = await infra.database.query<{ closed: boolean }>(
        `SELECT closed_at IS NOT NULL AS closed FROM payments.orders WHERE provider_payment_id = $1`,
        [late.paymentIntentId],
      );
      expect(row.closed).toBe(true);
    });
    // The late card was authorised anyway (its cancellation lost the race), and nothing told the order.
    await infra.database.query(`UPDATE payments.test_intents SET status = 'requires_capture' WHERE id = $1`, [
      late.paymentIntentId,
    ]);
    await payments.get(Settlement).sweep();
    expect(await cardsOf(product.id)).toEqual(
      expect.arrayContaining([
        { order_status: 'paid', intent_status: 'succeeded', captures: 1, refunds: 0, message: null },
        {
          order_status: 'failed',
          intent_status: 'canceled',
          captures: 0,
          refunds: 0,
          message: 'This item is no longer available',
        },
      ]),
    );
  });
});

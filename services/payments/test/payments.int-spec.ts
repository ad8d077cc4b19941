import type { INestApplication } from '@nestjs/common';
import {
  ErrorCode,
  EVENTS,
  MESSAGES,
  PAYMENT_MESSAGES,
  RPC,
  type OrderPaidEvent,
  type ProductDto,
  type ShippingInfoDto,
  type TestCardDto,
} from '@souvenir/contracts';
import { DomainError, RpcClient } from '@souvenir/platform';
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
import { loadConfig, ConfigError } from '@souvenir/platform';

let infra: TestInfra;
const apps: INestApplication[] = [];
let payments: INestApplication;
let rpc: RpcClient;
let closeRpc: () => Promise<void>;
let seller: string;
let buyer: string;
let other: string;

const person = (n: string) => ({
  email: `${n}@example.com`,
  password: 'secret1',
  username: n,
  firstName: n[0].toUpperCase() + n.slice(1),
  lastName: 'Test',
});
const listing = (title: string, price = 25) => ({
  title,
  description: 'A lovely handmade souvenir brought home from far away.',
  price,
  condition: 'new' as const,
  category: 'Art & Crafts',
  country: 'Japan',
  images: [`https://example.com/${encodeURIComponent(title)}.jpg`],
  isCustomsVerified: true,
});
const shipping = (street = '1 Main St'): ShippingInfoDto => ({
  billingStreet: street,
  billingCity: 'Springfield',
  billingZip: '10001',
  sameAsDelivery: true,
});
const guest = (email: string) => ({
  ...shipping('9 Guest Rd'),
  email,
  firstName: 'Gia',
  lastName: 'Guest',
  phone: '555-0100',
});
const card = (number: string, extra: Partial<TestCardDto> = {}): TestCardDto => ({
  number,
  expMonth: '12',
  expYear: String(new Date().getUTCFullYear() + 2),
  cvc: '123',
  postalCode: '10001',
  ...extra,
});

async function errorOf(promise: Promise<unknown>): Promise<DomainError | null> {
  return promise.then(
    () => null,
    (e: unknown) => (e instanceof DomainError ? e : null),
  );
}
const list = (title: string, price?: number) =>
  rpc.send(RPC.catalog.createProduct, { actorId: seller, product: listing(title, price) });

beforeAll(async () => {
  infra = await startTestInfra();
  apps.push(await startService(IDENTITY, IdentityConfig, (c) => IdentityModule.register(c), infra));
  apps.push(await startService(CATALOG, CatalogConfig, (c) => CatalogModule.register(c), infra));
  payments = await startService(SERVICE_NAME, PaymentsConfig, (c) => AppModule.register(c), infra);
  apps.push(payments);
  ({ rpc, close: closeRpc } = await rpcClient(infra, 8000));
  [seller, buyer, other] = await Promise.all(
    ['sakura', 'ben', 'cleo'].map(async (n) => (await rpc.send(RPC.identity.register, person(n))).id),
  );
});

afterAll(async () => {
  await closeRpc?.();
  for (const app of apps.reverse()) await app.close();
  await infra?.stop();
});

describe('payments config', () => {
  it('refuses the test-mode provider in production, naming STRIPE_SECRET_KEY', () => {
    expect(() => loadConfig(PaymentsConfig, { NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig(PaymentsConfig, { NODE_ENV: 'production' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(
      loadConfig(PaymentsConfig, {
        NODE_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_PUBLISHABLE_KEY: 'pk',
        STRIPE_WEBHOOK_SECRET: 'wh',
      }).usesStripe,
    ).toBe(true);
  });

  it('takes the order deadlines in days and hours, fractions allowed (tests use seconds), never zero or negative', () => {
    expect(loadConfig(PaymentsConfig, {})).toMatchObject({
      SHIP_WITHIN_DAYS: 5,
      DELIVERY_WINDOW_DAYS: 14,
      CLAIM_WINDOW_DAYS: 3,
      CANCEL_REQUEST_HOURS: 72,
      CLAIM_RESPONSE_HOURS: 72,
    });
    expect(loadConfig(PaymentsConfig, { SHIP_WITHIN_DAYS: '0.00005' }).SHIP_WITHIN_DAYS).toBe(0.00005);
    for (const bad of ['0', '-1', 'soon'])
      expect(() => loadConfig(PaymentsConfig, { CLAIM_RESPONSE_HOURS: bad })).toThrow(/CLAIM_RESPONSE_HOURS/);
  });
});

describe('create payment intent', () => {
  let product: ProductDto;
  beforeAll(async () => {
    product = await list('Kokeshi doll', 25.5);
  });

  it('answers the intent with the server-computed amount for a signed-in buyer', async () => {
    const intent = await rpc.send(RPC.payments.createIntent, {
      actorId: buyer,
      productId: product.id,
      amount: '25.50',
      guestInfo: shipping(),
    });
    expect(intent).toEqual({
      clientSecret: expect.stringContaining('_secret_'),
      paymentIntentId: expect.stringMatching(/^pi_test_/),
      amount: '25.50',
      currency: 'usd',
      provider: 'test',
    });
    const [row] = await infra.database.query<{ amount_cents: number }>(
      'SELECT amount_cents FROM payments.test_intents WHERE id = $1',
      [intent.paymentIntentId],
    );
    expect(Number(row.amount_cents)).toBe(2550);
  });

  it('asks identity for the buyer and catalog for the product at once (neither needs the other)', async () => {
    const client = payments.get(RpcClient);
    const send = client.send;
    const inFlight = new Set<unknown>();
    let together = false;
    client.send = (async (...args: Parameters<RpcClient['send']>) => {
      inFlight.add(args[0]);
      together ||= inFlight.has(RPC.identity.getMe) && inFlight.has(RPC.catalog.getProduct);
      try {
        return await send.apply(client, args);
      } finally {
        inFlight.delete(args[0]);
      }
    }) as RpcClient['send'];
    try {
      await rpc.send(RPC.payments.createIntent, {
        actorId: buyer,
        productId: product.id,
        amount: '25.50',
        guestInfo: shipping(),
      });
    } finally {
      client.send = send;
    }
    expect(together).toBe(true);
  });

  it('refuses an amount that differs from the current price (409)', async () => {
    const error = await errorOf(
      rpc.send(RPC.payments.createIntent, {
        actorId: buyer,
        productId: product.id,
        amount: '1.00',
        guestInfo: shipping(),
      }),
    );
    expect(error?.code).toBe(ErrorCode.Conflict);
    expect(error?.message).toBe(PAYMENT_MESSAGES.priceChanged);
  });

  it('refuses buying your own product (403)', async () => {
    const error = await errorOf(
      rpc.send(RPC.payments.createIntent, {
        actorId: seller,
        productId: product.id,
        amount: '25.5',
        guestInfo: shipping(),
      }),
    );
    expect(error?.code).toBe(ErrorCode.Forbidden);
  });

  it('checks guest info with the spec messages', async () => {
    const noContact = await errorOf(
      rpc.send(RPC.payments.createIntent, { productId: product.id, amount: '25.50', guestInfo: shipping() }),
    );
    expect(noContact?.code).toBe(ErrorCode.ValidationFailed);
    expect(noContact?.errors).toEqual(
      expect.arrayContaining([
        { field: 'guestInfo.email', message: MESSAGES.emailRequired },
        { field: 'guestInfo.firstName', message: MESSAGES.firstNameRequired },
        { field: 'guestInfo.lastName', message: MESSAGES.lastNameRequired },
      ]),
    );
    const badEmail = await errorOf(
      rpc.send(RPC.payments.createIntent, {
        productId: product.id,
        amount: '25.50',
        guestInfo: { ...guest('nope'), email: 'nope' },
      }),
    );
    expect(badEmail?.errors).toEqual([{ field: 'guestInfo.email', message: MESSAGES.invalidEmail }]);
    const noDelivery = await errorOf(
      rpc.send(RPC.payments.createIntent, {
        actorId: buyer,
        productId: product.id,
        amount: '25.50',
        guestInfo: { ...shipping(), sameAsDelivery: false, billingStreet: ' ' },
      }),
    );
    expect(noDelivery?.errors).toEqual(
      expect.arrayContaining([
        { field: 'guestInfo.billingStreet', message: MESSAGES.streetRequired },
        { field: 'guestInfo.deliveryStreet', message: MESSAGES.streetRequired },
        { field: 'guestInfo.deliveryCity', message: MESSAGES.cityRequired },
        { field: 'guestInfo.deliveryZip', message: MESSAGES.zipRequired },
      ]),
    );
    const missing = await errorOf(rpc.send(RPC.payments.createIntent, { productId: product.id, amount: '25.50' }));
    expect(missing?.code).toBe(ErrorCode.ValidationFailed);
    const ok = await rpc.send(RPC.payments.createIntent, {
      productId: product.id,
      amount: 25.5,
      guestInfo: guest('gia@example.com'),
    });
    expect(ok.amount).toBe('25.50');
  });

  it('is idempotent: a retry by the same buyer answers the same intent', async () => {
    const first = await rpc.send(RPC.payments.createIntent, {
      actorId: other,
      productId: product.id,
      amount: '25.50',
      guestInfo: shipping(),
    });
    const again = await rpc.send(RPC.payments.createIntent, {
      actorId: other,
      productId: product.id,
      amount: '25.50',
      guestInfo: shipping('2 Other St'),
    });
    expect(again.paymentIntentId).toBe(first.paymentIntentId);
    expect(again.clientSecret).toBe(first.clientSecret);
    const guestFirst = await rpc.send(RPC.payments.createIntent, {
      productId: product.id,
      amount: '25.50',
      guestInfo: guest('Gio@example.com'),
    });
    expect(guestFirst.checkoutToken).toEqual(expect.any(String));
    const guestAgain = await rpc.send(RPC.payments.createIntent, {
      productId: product.id,
      amount: '25.50',
      guestInfo: guest('gio@example.com'),
      checkoutToken: guestFirst.checkoutToken,
    });
    expect(guestAgain.paymentIntentId).toBe(guestFirst.paymentIntentId);
    expect(guestAgain.checkoutToken).toBe(guestFirst.checkoutToken);
    const [{ count }] = await infra.database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM payments.orders WHERE product_id = $1 AND (buyer_user_id = $2 OR contact_email = 'gio@example.com')`,
      [product.id, other],
    );
    expect(count).toBe(2);
  });

  it("never hands a guest's checkout to someone who only knows their e-mail (no secret, no address change)", async () => {
    const victim = await rpc.send(RPC.payments.createIntent, {
      productId: product.id,
      amount: '25.50',
      guestInfo: guest('vic@example.com'),
    });
    const attacks = [undefined, 'forged-token', victim.checkoutToken!.slice(0, -1)];
    for (const checkoutToken of attacks) {
      const attacker = await rpc.send(RPC.payments.createIntent, {
        productId: product.id,
        amount: '25.50',
        guestInfo: { ...guest('vic@example.com'), billingStreet: '666 Thief Lane' },
        ...(checkoutToken ? { checkoutToken } : {}),
      });
      expect(attacker.paymentIntentId).not.toBe(victim.paymentIntentId);
      expect(attacker.clientSecret).not.toBe(victim.clientSecret);
      expect(attacker.checkoutToken).not.toBe(victim.checkoutToken);
    }
    const [order] = await infra.database.query<{ delivery_address: { street: string } }>(
      'SELECT delivery_address FROM payments.orders WHERE provider_payment_id = $1',
      [victim.paymentIntentId],
    );
    expect(order.delivery_address.street).toBe('9 Guest Rd');
  });

  it('stores cents as bigint: the largest price a provider accepts is charged exactly', async () => {
    const dear = await list('Antique screen', 999_999.99);
    const intent = await rpc.send(RPC.payments.createIntent, {
      actorId: buyer,
      productId: dear.id,
      amount: '999999.99',
      guestInfo: shipping(),
    });
    expect(intent.amount).toBe('999999.99');
    const [row] = await infra.database.query<{ amount_cents: string; type: string }>(
      `SELECT amount_cents, pg_typeof(amount_cents)::text AS type FROM payments.orders WHERE provider_payment_id = $1`,
      [intent.paymentIntentId],
    );
    expect(row).toEqual({ amount_cents: '99999999', type: 'bigint' });
  });
});

describe('acting on a payment needs more than its id', () => {
  it("reconciles only for the buyer's session or with the client secret", async () => {
    const product = await list('Sensu fan', 18);
    const mine = await rpc.send(RPC.payments.createIntent, {
      actorId: buyer,
      productId: product.id,
      amount: '18',
      guestInfo: shipping(),
    });
    const guests = await rpc.send(RPC.payments.createIntent, {
      productId: product.id,
      amount: '18',
      guestInfo: guest('gwen@example.com'),
    });
    const notFound = async (request: object) =>
      expect((await errorOf(rpc.send(RPC.payments.reconcile, request as never)))?.code).toBe(ErrorCode.NotFound);
    await notFound({ paymentIntentId: mine.paymentIntentId });
    await notFound({ paymentIntentId: mine.paymentIntentId, actorId: other });
    await notFound({ paymentIntentId: guests.paymentIntentId });
    await notFound({ paymentIntentId: guests.paymentIntentId, actorId: buyer });
    await notFound({ paymentIntentId: guests.paymentIntentId, clientSecret: mine.clientSecret });
    expect(
      (await rpc.send(RPC.payments.reconcile, { paymentIntentId: mine.paymentIntentId, actorId: buyer })).productId,
    ).toBe(product.id);
    expect(
      (
        await rpc.send(RPC.payments.reconcile, {
          paymentIntentId: guests.paymentIntentId,
          clientSecret: guests.clientSecret,
        })
      ).productId,
    ).toBe(product.id);
  });

  it('confirms a test-mode payment only with its client secret', async () => {
    const product = await list('Origami set', 9);
    const intent = await rpc.send(RPC.payments.createIntent, {
      productId: product.id,
      amount: '9',
      guestInfo: guest('olga@example.com'),
    });
    const byId = await errorOf(
      rpc.send(RPC.payments.confirmTestPayment, {
        clientSecret: intent.paymentIntentId,
        card: card('4242424242424242'),
      }),
    );
    expect(byId?.code).toBe(ErrorCode.NotFound);
    const byOldShape = await errorOf(
      rpc.send(RPC.payments.confirmTestPayment, {
        paymentIntentId: intent.paymentIntentId,
        card: card('4242424242424242'),
      } as never),
    );
    expect(byOldShape?.code).toBe(ErrorCode.ValidationFailed);
    expect(
      await rpc.send(RPC.payments.confirmTestPayment, {
        clientSecret: intent.clientSecret,
        card: card('4242424242424242'),
      }),
    ).toEqual({ status: 'succeeded' });
  });
});

describe('test-mode cards', () => {
  it('follows Stripe test cards, and a declined intent can be retried', async () => {
    const product = await list('Furoshiki cloth');
    const { paymentIntentId, clientSecret } = await rpc.send(RPC.payments.createIntent, {
      actorId: buyer,
      productId: product.id,
      amount: '25.00',
      guestInfo: shipping(),
    });
    const confirm = (c: TestCardDto) => rpc.send(RPC.payments.confirmTestPayment, { clientSecret, card: c });
    expect(await confirm(card('4242 4242 4242'))).toEqual({
      status: 'failed',
      message: PAYMENT_MESSAGES.incompleteNumber,
    });
    expect(await confirm(card('4242 4242 4242 4242', { expMonth: '1', expYear: '2001' }))).toEqual({
      status: 'failed',
      message: PAYMENT_MESSAGES.expiryInPast,
    });
    expect(await confirm(card('4242 4242 4242 4242', { expMonth: '13', expYear: '2099' }))).toEqual({
      status: 'failed',
      message: PAYMENT_MESSAGES.incompleteExpiry,
    });
    expect(await confirm(card('4242 4242 4242 4242', { expYear: '' }))).toEqual({
      status: 'failed',
      message: PAYMENT_MESSAGES.incompleteExpiry,
    });
    expect(await confirm(card('4242 4242 4242 4242', { cvc: '12' }))).toEqual({
      status: 'failed',
      message: PAYMENT_MESSAGES.incompleteCvc,
    });
    expect(await confirm(card('4242 4242 4242 4242', { postalCode: 'ABC' }))).toEqual({
      status: 'failed',
      message: PAYMENT_MESSAGES.invalidPostalCode,
    });
    expect(await confirm(card('4000 0000 0000 0002'))).toEqual({
      status: 'failed',
      message: PAYMENT_MESSAGES.declined,
    });
    expect(await rpc.send(RPC.payments.reconcile, { paymentIntentId, actorId: buyer })).toEqual({
      status: 'failed',
      productId: product.id,
      message: PAYMENT_MESSAGES.declined,
    });
    expect(await confirm(card('4000 0000 0000 9995'))).toEqual({
      status: 'failed',
      message: PAYMENT_MESSAGES.insufficientFunds,
    });
    expect(await confirm(card('4000 0000 0000 0069'))).toEqual({
      status: 'failed',
      message: PAYMENT_MESSAGES.expiredCard,
    });
    expect(await confirm(card('5555 5555 5555 4444'))).toEqual({
      status: 'failed',
      message: PAYMENT_MESSAGES.processingError,
    });
    expect(await confirm(card('4000 0027 6000 3184'))).toEqual({ status: 'requires_action' });
    expect((await rpc.send(RPC.payments.reconcile, { paymentIntentId, actorId: buyer })).status).toBe(
      'requires_action',
    );
    expect(await confirm(card('4242424242424242'))).toEqual({ status: 'succeeded' });
    expect(await confirm(card('4000 0000 0000 0002'))).toEqual({ status: 'succeeded' });
  });

  it('answers NOT_FOUND for an unknown intent', async () => {
    expect(
      (
        await errorOf(
          rpc.send(RPC.payments.confirmTestPayment, {
            clientSecret: 'pi_test_nope_secret_nope',
            card: card('4242424242424242'),
          }),
        )
      )?.code,
    ).toBe(ErrorCode.NotFound);
  });
});

describe('a paid order sells the product', () => {
  it('publishes order paid, catalog marks the product sold, and new intents get 409', async () => {
    const product = await list('Maneki-neko cat', 40);
    const { paymentIntentId, clientSecret } = await rpc.send(RPC.payments.createIntent, {
      productId: product.id,
      amount: '40',
      guestInfo: guest('gia@example.com'),
    });
    expect(
      await rpc.send(RPC.payments.confirmTestPayment, { clientSecret, card: card('4242 4242 4242 4242') }),
    ).toEqual({ status: 'succeeded' });
    expect(await rpc.send(RPC.payments.reconcile, { paymentIntentId, clientSecret })).toEqual({
      status: 'paid',
      productId: product.id,
      orderId: expect.any(String),
      amount: '40.00',
    });
    await eventually(async () => {
      const events = await readStreamEvents<OrderPaidEvent>(infra, EVENTS.payments.orderPaid);
      expect(events.filter((e) => e.data.productId === product.id).map((e) => e.data)).toEqual([
        expect.objectContaining({ sellerId: seller, buyerUserId: null, amountCents: 4000, currency: 'usd' }),
      ]);
    });
    await eventually(async () =>
      expect((await rpc.send(RPC.catalog.getProduct, { productId: product.id })).status).toBe('sold'),
    );
    const page = await rpc.send(RPC.catalog.listProducts, { query: {} });
    expect(page.items.map((p) => p.id)).not.toContain(product.id);
    const again = await errorOf(
      rpc.send(RPC.payments.createIntent, {
        actorId: buyer,
        productId: product.id,
        amount: '40',
        guestInfo: shipping(),
      }),
    );
    expect(again?.code).toBe(ErrorCode.Conflict);
    expect(again?.message).toBe(PAYMENT_MESSAGES.noLongerAvailable);
  });

  it('sells once when two buyers pay at the same moment: the later card is authorised, then released, never charged', async () => {
    const product = await list('Daruma doll', 30);
    const [a, b] = await Promise.all(
      [buyer, other].map((actorId) =>
        rpc.send(RPC.payments.createIntent, { actorId, productId: product.id, amount: '30.00', guestInfo: shipping() }),
      ),
    );
    expect(a.paymentIntentId).not.toBe(b.paymentIntentId);
    const outcomes = await Promise.all(
      [a, b].map((i) =>
        rpc.send(RPC.payments.confirmTestPayment, { clientSecret: i.clientSecret, card: card('4242424242424242') }),
      ),
    );
    // Both cards were authorised; the later one learns at once that the item is gone and its card was not charged.
    expect(outcomes.sort((x, y) => x.status.localeCompare(y.status))).toEqual([
      { status: 'failed', message: PAYMENT_MESSAGES.soldToAnotherBuyerNotCharged },
      { status: 'succeeded' },
    ]);
    const results = [
      await rpc.send(RPC.payments.reconcile, { paymentIntentId: a.paymentIntentId, actorId: buyer }),
      await rpc.send(RPC.payments.reconcile, { paymentIntentId: b.paymentIntentId, actorId: other }),
    ];
    expect(results.map((r) => r.status).sort()).toEqual(['failed', 'paid']);
    expect(results.find((r) => r.status === 'failed')?.message).toBe(PAYMENT_MESSAGES.soldToAnotherBuyerNotCharged);
    const rows = await infra.database.query<{ status: string; refunded: boolean; captures: number }>(
      'SELECT status, refunded, capture_calls AS captures FROM payments.test_intents WHERE id = ANY($1)',
      [[a.paymentIntentId, b.paymentIntentId]],
    );
    expect(rows.sort((x, y) => x.status.localeCompare(y.status))).toEqual([
      { status: 'canceled', refunded: false, captures: 0 },
      { status: 'succeeded', refunded: false, captures: 1 },
    ]);
    await eventually(async () =>
      expect((await rpc.send(RPC.catalog.getProduct, { productId: product.id })).status).toBe('sold'),
    );
    const paidEvents = (await readStreamEvents<OrderPaidEvent>(infra, EVENTS.payments.orderPaid)).filter(
      (e) => e.data.productId === product.id,
    );
    expect(paidEvents).toHaveLength(1);
  });

  it("cancels other buyers' unpaid intents once the product is sold", async () => {
    const product = await list('Tenugui towel', 12);
    const waiting = await rpc.send(RPC.payments.createIntent, {
      actorId: other,
      productId: product.id,
      amount: '12',
      guestInfo: shipping(),
    });
    const winner = await rpc.send(RPC.payments.createIntent, {
      actorId: buyer,
      productId: product.id,
      amount: '12',
      guestInfo: shipping(),
    });
    await rpc.send(RPC.payments.confirmTestPayment, {
      clientSecret: winner.clientSecret,
      card: card('4242424242424242'),
    });
    await eventually(async () => {
      const [row] = await infra.database.query<{ status: string }>(
        'SELECT status FROM payments.test_intents WHERE id = $1',
        [waiting.paymentIntentId],
      );
      expect(row.status).toBe('canceled');
    });
    expect(
      await rpc.send(RPC.payments.confirmTestPayment, {
        clientSecret: waiting.clientSecret,
        card: card('4242424242424242'),
      }),
    ).toEqual({ status: 'failed', message: PAYMENT_MESSAGES.noLongerAvailable });
    expect(
      await rpc.send(RPC.payments.reconcile, { paymentIntentId: waiting.paymentIntentId, actorId: other }),
    ).toEqual({ status: 'failed', productId: product.id, message: PAYMENT_MESSAGES.noLongerAvailable });
  });
});

describe('orders of a user', () => {
  it("lists purchases for the buyer and sales with the buyer's name and address for the seller", async () => {
    const product = await list('Hakata doll', 55);
    const intent = await rpc.send(RPC.payments.createIntent, {
      actorId: buyer,
      productId: product.id,
      amount: '55.00',
      guestInfo: {
        billingStreet: '5 Bill St',
        billingCity: 'Boston',
        billingZip: '02101',
        deliveryStreet: '7 Ship Ave',
        deliveryCity: 'Austin',
        deliveryState: 'TX',
        deliveryZip: '73301',
      },
    });
    await rpc.send(RPC.payments.confirmTestPayment, {
      clientSecret: intent.clientSecret,
      card: card('4242424242424242'),
    });

    const mine = await rpc.send(RPC.payments.listOrders, { actorId: buyer });
    const purchase = mine.purchases.find((o) => o.product.id === product.id);
    expect(purchase).toEqual({
      id: expect.any(String),
      product: { id: product.id, title: 'Hakata doll', image: product.images[0] },
      // A single checkout is an order of one item.
      items: [{ id: product.id, title: 'Hakata doll', image: product.images[0], price: '55.00', refunded: false }],
      amount: '55.00',
      currency: 'usd',
      status: 'paid',
      createdAt: expect.any(String),
    });
    expect(mine.sales).toEqual([]);
    expect(mine.purchases.every((o) => o.buyer === undefined)).toBe(true);

    const sales = (await rpc.send(RPC.payments.listOrders, { actorId: seller })).sales;
    expect(sales.find((o) => o.product.id === product.id)?.buyer).toEqual({
      firstName: 'Ben',
      lastName: 'Test',
      deliveryAddress: { street: '7 Ship Ave', city: 'Austin', state: 'TX', zip: '73301', country: 'United States' },
    });
    expect(sales.every((o) => o.status === 'paid')).toBe(true);
    const others = await rpc.send(RPC.payments.listOrders, { actorId: other });
    expect(others.purchases.map((o) => o.product.id)).not.toContain(product.id);
  });
});

import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import {
  EVENTS,
  RPC,
  type OrderChangedEvent,
  type OrderPaidEvent,
  type ProductDto,
  type ProductRelistedEvent,
} from '@souvenir/contracts';
import { eventually, readStreamEvents, serviceSuite } from '@souvenir/testing';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { CatalogConfig } from '../src/config/catalog.config';

/** An order cancelled before shipping puts its product back on sale, once, and says so with an event. */
const sellerId = randomUUID();

const { infra, rpc, nc } = serviceSuite(SERVICE_NAME, AppModule, CatalogConfig, {
  env: { RPC_TIMEOUT_MS: '1500' },
});

beforeAll(async () => {
  await publish(EVENTS.identity.userRegistered, {
    userId: sellerId,
    username: 'seller',
    firstName: 'Yuki',
    lastName: 'Tanaka',
    avatar: null,
    location: null,
    isVerified: false,
    version: 1,
    occurredAt: new Date().toISOString(),
  });
  await eventually(async () =>
    expect(await infra.database.query('SELECT 1 FROM catalog.sellers WHERE id = $1', [sellerId])).toHaveLength(1),
  );
});

/** An event straight to JetStream, as payments' outbox relay publishes it. */
async function publish(subject: string, event: object, msgID: string = randomUUID()): Promise<void> {
  await jetstream(nc).publish(subject, JSON.stringify(event), { msgID });
}

async function listed(title: string): Promise<ProductDto> {
  return rpc.send(RPC.catalog.createProduct, {
    actorId: sellerId,
    product: {
      title,
      description: 'Hand-made on a journey through Japan',
      price: 20,
      condition: 'new',
      category: 'Art & Crafts',
      country: 'Japan',
      images: ['https://img.example.com/a.png'],
      isCustomsVerified: false,
    },
  });
}

const status = async (productId: string) => (await rpc.send(RPC.catalog.getProduct, { productId })).status;
const activeIds = async () =>
  (await rpc.send(RPC.catalog.listProducts, { query: { limit: 100 } })).items.map((p) => p.id);

async function sold(product: ProductDto): Promise<string> {
  const orderId = randomUUID();
  const paid: OrderPaidEvent = {
    orderId,
    productId: product.id,
    sellerId,
    buyerUserId: null,
    amountCents: 2000,
    currency: 'usd',
    occurredAt: new Date().toISOString(),
  };
  await publish(EVENTS.payments.orderPaid, paid);
  await eventually(async () => expect(await status(product.id)).toBe('sold'));
  return orderId;
}

function changed(
  product: ProductDto,
  orderId: string,
  from: OrderChangedEvent['from'],
  to: OrderChangedEvent['to'],
): OrderChangedEvent {
  return {
    orderId,
    productId: product.id,
    sellerId,
    buyerUserId: null,
    from,
    to,
    actor: 'seller',
    reason: 'Out of stock',
    occurredAt: new Date().toISOString(),
  };
}

async function relistedEvents(productId: string): Promise<ProductRelistedEvent[]> {
  return (await readStreamEvents<ProductRelistedEvent>(infra, EVENTS.catalog.productRelisted))
    .map((e) => e.data)
    .filter((e) => e.productId === productId);
}

/** Waits until catalog has applied every event published so far (its durable consumer has nothing pending). */
async function settled(): Promise<void> {
  await eventually(async () => {
    const [row] = await infra.database.query<{ n: number }>('SELECT count(*)::int AS n FROM catalog.processed_events');
    const published =
      (await readStreamEvents(infra, EVENTS.payments.orderChanged)).length +
      (await readStreamEvents(infra, EVENTS.payments.orderPaid)).length;
    expect(row!.n).toBeGreaterThanOrEqual(published + 1);
  });
}

describe('a product whose order is cancelled before shipping', () => {
  it('is active again, in browse and on its page, and catalog publishes product relisted once (a redelivery changes nothing)', async () => {
    const product = await listed('Raku tea bowl');
    const orderId = await sold(product);
    expect(await activeIds()).not.toContain(product.id);

    const cancelled = changed(product, orderId, 'paid', 'cancelled');
    const eventId = randomUUID();
    await publish(EVENTS.payments.orderChanged, cancelled, eventId);
    await eventually(async () => expect(await status(product.id)).toBe('active'));
    expect(await activeIds()).toContain(product.id);
    const [event] = await eventually(async () => {
      const events = await relistedEvents(product.id);
      expect(events).toHaveLength(1);
      return events;
    });
    expect(event).toMatchObject({ productId: product.id, sellerId, version: 2 });

    // The same change announced again (a redelivery has the same id and is skipped; this one has a new id): no second relisting.
    await publish(EVENTS.payments.orderChanged, cancelled, randomUUID());
    await settled();
    expect(await relistedEvents(product.id)).toHaveLength(1);
  });

  it('can be bought and sold again; a late cancellation of the first order does not relist it', async () => {
    const product = await listed('Indigo furoshiki');
    const first = await sold(product);
    await publish(EVENTS.payments.orderChanged, changed(product, first, 'paid', 'cancelled'));
    await eventually(async () => expect(await status(product.id)).toBe('active'));
    const second = await sold(product);

    await publish(EVENTS.payments.orderChanged, changed(product, first, 'paid', 'cancelled'));
    await publish(EVENTS.payments.orderChanged, changed(product, randomUUID(), 'paid', 'cancelled'));
    await settled();
    expect(await status(product.id)).toBe('sold');
    expect(await relistedEvents(product.id)).toHaveLength(1);

    await publish(EVENTS.payments.orderChanged, changed(product, second, 'paid', 'cancelled'));
    await eventually(async () => expect(await status(product.id)).toBe('active'));
    expect(await relistedEvents(product.id)).toHaveLength(2);
  });

  it('stays sold for every other change: shipped, refunded after shipping, completed', async () => {
    const product = await listed('Maneki-neko');
    const orderId = await sold(product);
    await publish(EVENTS.payments.orderChanged, changed(product, orderId, 'paid', 'shipped'));
    await publish(EVENTS.payments.orderChanged, changed(product, orderId, 'shipped', 'disputed'));
    await publish(EVENTS.payments.orderChanged, changed(product, orderId, 'disputed', 'refunded'));
    await publish(EVENTS.payments.orderChanged, changed(product, orderId, 'delivered', 'completed'));
    await settled();
    expect(await status(product.id)).toBe('sold');
    expect(await relistedEvents(product.id)).toHaveLength(0);
  });

  it('is never sold when the cancellation is applied before the payment (two consumers after an outage)', async () => {
    const product = await listed('Silk haori');
    const orderId = randomUUID();
    await publish(EVENTS.payments.orderChanged, changed(product, orderId, 'paid', 'cancelled'));
    await settled();
    await publish(EVENTS.payments.orderPaid, {
      orderId,
      productId: product.id,
      sellerId,
      buyerUserId: null,
      amountCents: 2000,
      currency: 'usd',
      occurredAt: new Date().toISOString(),
    } satisfies OrderPaidEvent);
    await settled();
    expect(await status(product.id)).toBe('active');
    const soldEvents = (await readStreamEvents<{ productId: string }>(infra, EVENTS.catalog.productSold)).filter(
      (e) => e.data.productId === product.id,
    );
    expect(soldEvents).toHaveLength(0);
    // Another buyer's payment still sells it.
    await sold(product);
  });

  it('stays removed if the seller removed it', async () => {
    const product = await listed('Arita sake set');
    await rpc.send(RPC.catalog.removeProduct, { actorId: sellerId, productId: product.id });
    await publish(EVENTS.payments.orderChanged, changed(product, randomUUID(), 'paid', 'cancelled'));
    await settled();
    await expect(rpc.send(RPC.catalog.getProduct, { productId: product.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await relistedEvents(product.id)).toHaveLength(0);
  });
});

describe('the seller relists (POST /api/products/{id}/relist)', () => {
  const relist = (productId: string, actorId = sellerId) =>
    rpc.send(RPC.catalog.relistProduct, { actorId, productId }).then(
      (product) => ({ ok: true as const, product }),
      (error: { code?: string; message?: string }) => ({
        ok: false as const,
        code: error.code,
        message: error.message,
      }),
    );

  it('puts a sold item back on sale once its order is refunded, and says why not before', async () => {
    const product = await listed('Tin toy robot');
    const orderId = await sold(product);
    const early = await relist(product.id);
    expect(early).toMatchObject({ ok: false, code: 'CONFLICT' });
    expect(early.ok ? '' : early.message).toMatch(/not cancelled or refunded/);

    await publish(EVENTS.payments.orderChanged, changed(product, orderId, 'shipped', 'disputed'));
    await publish(EVENTS.payments.orderChanged, changed(product, orderId, 'disputed', 'refunded'));
    await settled();
    // A refund alone does not relist: the item is with the buyer or on its way back.
    expect(await status(product.id)).toBe('sold');
    expect(await relist(product.id, randomUUID())).toMatchObject({ ok: false, code: 'FORBIDDEN' });

    const back = await relist(product.id);
    expect(back).toMatchObject({ ok: true, product: { id: product.id, status: 'active' } });
    expect(await activeIds()).toContain(product.id);
    const events = await eventually(async () => {
      const found = await relistedEvents(product.id);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(events[0]!.version).toBeGreaterThan(1);
    expect(await relist(product.id)).toMatchObject({
      ok: false,
      code: 'CONFLICT',
      message: 'This listing is already on sale',
    });
  });

  it('puts a removed listing back on sale, the removal and the relisting versioned in order', async () => {
    const product = await listed('Lacquered chopsticks');
    await rpc.send(RPC.catalog.removeProduct, { actorId: sellerId, productId: product.id });
    expect(await activeIds()).not.toContain(product.id);
    const back = await relist(product.id);
    expect(back).toMatchObject({ ok: true, product: { status: 'active' } });
    expect(await activeIds()).toContain(product.id);
    // The relay publishes the removal on its own time: read once it is on the stream.
    const removedVersion = await eventually(async () => {
      const removed = (
        await readStreamEvents<{ productId: string; version?: number }>(infra, EVENTS.catalog.productRemoved)
      )
        .map((e) => e.data)
        .find((e) => e.productId === product.id);
      expect(removed?.version).toEqual(expect.any(Number));
      return removed!.version!;
    });
    const [relisted] = await eventually(async () => {
      const found = await relistedEvents(product.id);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(relisted!.version).toBeGreaterThan(removedVersion);
    await expect(relist(randomUUID())).resolves.toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });
});

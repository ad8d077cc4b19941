import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import type { Subscription } from '@nats-io/transport-node';
import { EVENTS, RPC, type OrderPaidEvent, type ProductDto, type ProductUpdatedEvent } from '@souvenir/contracts';
import { eventually, readStreamEvents, serviceSuite } from '@souvenir/testing';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { CatalogConfig } from '../src/config/catalog.config';

/**
 * The seller edits a listing (`catalog.product.update`) on the suite's Postgres and NATS: the sell form's rules and
 * the customs rules apply to the edited listing, a sold one or one in a checkout is refused with a sentence, and every
 * edit is one versioned updated event (with the old price when it dropped). Payments' open-checkout responder is a
 * stand-in speaking Nest's NATS request/reply format, its answer set per test.
 */
const sellerId = randomUUID();
const { infra, rpc, nc } = serviceSuite(SERVICE_NAME, AppModule, CatalogConfig, {
  env: { RPC_TIMEOUT_MS: '1500' },
});

/** Products a buyer is paying for now, as payments' stand-in answers. */
const inCheckout = new Set<string>();
let payments: Subscription;

beforeAll(async () => {
  payments = nc.subscribe(RPC.payments.openCheckout, {
    callback: (_err, msg) => {
      const request = msg.json<{ id: string; data: { productId: string } }>();
      const response = { open: inCheckout.has(request.data.productId) };
      msg.respond(JSON.stringify({ id: request.id, response, isDisposed: true }));
    },
  });
  await publish(EVENTS.identity.userRegistered, {
    userId: sellerId,
    username: 'editor',
    firstName: 'Emi',
    lastName: 'Sato',
    avatar: null,
    // The United Kingdom's customs rules refuse ivory or bone (the customs migration's rules).
    location: 'London, United Kingdom',
    isVerified: false,
    version: 1,
    occurredAt: new Date().toISOString(),
  });
  await eventually(async () =>
    expect(await infra.database.query('SELECT 1 FROM catalog.sellers WHERE id = $1', [sellerId])).toHaveLength(1),
  );
});

afterAll(() => payments?.unsubscribe());

async function publish(subject: string, event: object): Promise<void> {
  await jetstream(nc).publish(subject, JSON.stringify(event), { msgID: randomUUID() });
}

const listing = {
  title: 'Lacquered chopsticks',
  description: 'Hand-made on a journey through Japan',
  price: 30,
  condition: 'new',
  category: 'Art & Crafts',
  country: 'Japan',
  images: ['https://img.example.com/a.png', 'https://img.example.com/b.png'],
  contents: ['none'],
};

const listed = (overrides: Record<string, unknown> = {}): Promise<ProductDto> =>
  rpc.send(RPC.catalog.createProduct, { actorId: sellerId, product: { ...listing, ...overrides } as never });

const edit = (productId: string, changes: Record<string, unknown>, actorId = sellerId) =>
  rpc.send(RPC.catalog.updateProduct, { actorId, productId, changes }).then(
    (product) => ({ ok: true as const, product }),
    (error: { code?: string; message?: string; errors?: { field: string; message: string }[] }) => ({
      ok: false as const,
      code: error.code,
      message: error.message,
      errors: error.errors,
    }),
  );

const updatedEvents = async (productId: string) =>
  (await readStreamEvents<ProductUpdatedEvent>(infra, EVENTS.catalog.productUpdated))
    .map((e) => e.data)
    .filter((e) => e.productId === productId);

describe('editing a listing', () => {
  it('changes any field of the sell form, reorders photos, and announces each edit with a growing version', async () => {
    const product = await listed();
    const first = await edit(product.id, {
      title: 'Lacquered chopsticks, pair',
      images: ['https://img.example.com/b.png', 'https://img.example.com/a.png', 'https://img.example.com/c.png'],
      description: 'Hand-made in Wajima, with their box',
      condition: 'like-new',
      originalPrice: 45,
      contents: ['wood'],
      provenance: { boughtAt: 'Wajima morning market' },
    });
    expect(first).toMatchObject({
      ok: true,
      product: {
        title: 'Lacquered chopsticks, pair',
        images: ['https://img.example.com/b.png', 'https://img.example.com/a.png', 'https://img.example.com/c.png'],
        description: 'Hand-made in Wajima, with their box',
        condition: 'like-new',
        originalPrice: '45.00',
        contents: ['wood'],
        price: '30.00',
      },
    });
    expect(first.ok && first.product).not.toHaveProperty('previousPrice');
    const customs = await rpc.send(RPC.catalog.getProductCustoms, { productId: product.id });
    expect(customs.provenance).toMatchObject({ boughtAt: 'Wajima morning market' });
    await edit(product.id, { category: 'Home Decor' });

    const events = await eventually(async () => {
      const found = await updatedEvents(product.id);
      expect(found).toHaveLength(2);
      return found;
    });
    expect(events.map((e) => e.version)).toEqual([1, 2]);
    expect(events[0]).toMatchObject({ sellerId, title: 'Lacquered chopsticks, pair', price: '30.00' });
    expect(events[0]).not.toHaveProperty('previousPrice');
    // Browse and search answer the edit at once (this replica's kept pages are dropped).
    const found = await rpc.send(RPC.catalog.listProducts, { query: { search: 'chopsticks pair', limit: 50 } });
    expect(found.items.map((p) => p.id)).toContain(product.id);
  });

  it('keeps the old price for the card when the price drops, and forgets it when it rises', async () => {
    const product = await listed({ price: 50 });
    const dropped = await edit(product.id, { price: 35 });
    expect(dropped).toMatchObject({
      ok: true,
      product: { price: '35.00', previousPrice: '50.00', priceDroppedAt: expect.any(String) },
    });
    const [event] = await eventually(async () => {
      const found = await updatedEvents(product.id);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(event).toMatchObject({ price: '35.00', previousPrice: '50.00' });
    const page = await rpc.send(RPC.catalog.listProducts, { query: { limit: 100 } });
    expect(page.items.find((p) => p.id === product.id)).toMatchObject({ previousPrice: '50.00' });

    // Shown for 7 days only.
    await infra.database.query(
      `UPDATE catalog.products SET price_dropped_at = now() - interval '8 days' WHERE id = $1`,
      [product.id],
    );
    const later = await rpc.send(RPC.catalog.getProduct, { productId: product.id });
    expect(later).not.toHaveProperty('previousPrice');

    const raised = await edit(product.id, { price: 40 });
    expect(raised.ok && raised.product).not.toHaveProperty('previousPrice');
    const [, raise] = await eventually(async () => {
      const found = await updatedEvents(product.id);
      expect(found).toHaveLength(2);
      return found;
    });
    expect(raise).not.toHaveProperty('previousPrice');
  });

  it('checks the edited listing with the sell form rules and the customs rules: VALIDATION_FAILED on the field', async () => {
    const product = await listed();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'ab' }, 'title'],
      [{ price: 0 }, 'price'],
      [{ images: [] }, 'images'],
      [{ originalPrice: 10 }, 'originalPrice'],
      [{ contents: [] }, 'contents'],
      [{ contents: ['none', 'wood'] }, 'contents'],
      [{ status: 'sold' }, 'status'],
      [{ condition: 'broken' }, 'condition'],
      [{ contents: ['ivory-or-bone'] }, 'contents'],
    ];
    for (const [changes, field] of cases) {
      const refused = await edit(product.id, changes);
      expect({ changes, code: refused.ok ? 'OK' : refused.code }).toEqual({ changes, code: 'VALIDATION_FAILED' });
      expect(refused.ok ? [] : refused.errors?.map((e) => e.field)).toContain(field);
    }
    const unchanged = await rpc.send(RPC.catalog.getProduct, { productId: product.id });
    expect(unchanged).toMatchObject({ title: listing.title, price: '30.00', images: listing.images });
    expect(await updatedEvents(product.id)).toHaveLength(0);
  });

  it('refuses another user (FORBIDDEN), an unknown product (NOT_FOUND), a checkout and a sale (CONFLICT)', async () => {
    const product = await listed();
    expect(await edit(product.id, { title: 'Not theirs' }, randomUUID())).toMatchObject({ code: 'FORBIDDEN' });
    expect(await edit(randomUUID(), { title: 'Nobody has this' })).toMatchObject({ code: 'NOT_FOUND' });

    inCheckout.add(product.id);
    const paying = await edit(product.id, { price: 10 });
    expect(paying).toMatchObject({
      code: 'CONFLICT',
      message: 'A buyer is paying for this item right now, so it cannot be edited until their checkout ends',
    });
    inCheckout.delete(product.id);

    const paid: OrderPaidEvent = {
      orderId: randomUUID(),
      productId: product.id,
      sellerId,
      buyerUserId: null,
      amountCents: 3000,
      currency: 'usd',
      occurredAt: new Date().toISOString(),
    };
    await publish(EVENTS.payments.orderPaid, paid);
    await eventually(async () =>
      expect((await rpc.send(RPC.catalog.getProduct, { productId: product.id })).status).toBe('sold'),
    );
    expect(await edit(product.id, { title: 'Too late for this' })).toMatchObject({
      code: 'CONFLICT',
      message: 'This item has been sold, so its listing can no longer be edited',
    });
    await rpc.send(RPC.catalog.removeProduct, { actorId: sellerId, productId: (await listed()).id });
    expect(await updatedEvents(product.id)).toHaveLength(0);
  });
});

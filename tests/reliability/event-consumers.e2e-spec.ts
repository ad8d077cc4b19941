// Property tests for every event consumer: any sequence of duplicates and reorderings of the same events leaves the
// same state as applying each once, in order. Events go through EventConsumer.apply (the processed-event ids and
// the transaction the real consumer uses) with the same handlers the consumers register.
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import {
  EVENTS,
  RPC,
  type OrderChangedEvent,
  type OrderPaidEvent,
  type UserProfileChangedEvent,
} from '@souvenir/contracts';
import { EventConsumer, type RpcClient } from '@souvenir/platform';
import { rpcClient, startTestInfra, type TestInfra } from '@souvenir/testing';
import fc from 'fast-check';
import type { EntityManager } from 'typeorm';
import { ProductsService } from '../../services/catalog/src/products/products.service';
import { SellersService } from '../../services/catalog/src/sellers/sellers.service';
import { FavouritesService } from '../../services/favourites/src/favourites/favourites.service';
import { ReadModelsService } from '../../services/messaging/src/read-models/read-models.service';
import { CheckoutService } from '../../services/payments/src/checkout/checkout.service';
import { startAllServices, guestInfo } from '../support/world';

let infra: TestInfra;
let apps: Record<string, INestApplication>;
let rpc: RpcClient;
let closeRpc: () => Promise<void>;
const sellerId = randomUUID();

type Handler = (e: unknown, m: EntityManager) => Promise<void>;
interface Delivery {
  id: string;
  subject: string;
  payload: unknown;
  handler: Handler;
}

beforeAll(async () => {
  infra = await startTestInfra();
  apps = await startAllServices(infra);
  ({ rpc, close: closeRpc } = await rpcClient(infra));
  // The seller exists in catalog's read model, so products can be listed without identity running.
  await apps.catalog
    .get(EventConsumer)
    .apply(`seed-${sellerId}`, EVENTS.identity.userRegistered, profile(sellerId, 1, 'Inti'), (e, m) =>
      apps.catalog.get(SellersService).applyProfile(e as UserProfileChangedEvent, m),
    );
}, 120_000);

afterAll(async () => {
  await closeRpc?.();
  for (const app of Object.values(apps ?? {}).reverse()) await app.close().catch(() => undefined);
  await infra?.stop();
});

function profile(
  userId: string,
  version: number,
  firstName: string,
  extra: Partial<UserProfileChangedEvent> = {},
): UserProfileChangedEvent {
  return {
    userId,
    username: `user-${userId.slice(0, 8)}`,
    firstName,
    lastName: `L${version}`,
    avatar: null,
    location: `Loc ${version}`,
    isVerified: version % 2 === 0,
    version,
    occurredAt: new Date().toISOString(),
    ...extra,
  };
}

/** Each event once (some duplicated, with the same id as JetStream redelivers it), in a random order. */
const deliveries = (count: number) =>
  fc
    .tuple(
      fc.array(fc.nat(3), { minLength: count, maxLength: count }),
      fc.array(fc.nat(), { minLength: count * 4, maxLength: count * 4 }),
    )
    .map(([copies, keys]) => {
      const order = copies.flatMap((c, i) => Array.from({ length: 1 + c }, () => i));
      return order
        .map((i, k) => ({ i, key: keys[k] }))
        .sort((a, b) => a.key - b.key)
        .map(({ i }) => i);
    });

async function applyAll(app: INestApplication, list: Delivery[]) {
  const consumer = app.get(EventConsumer);
  for (const d of list) await consumer.apply(d.id, d.subject, d.payload, d.handler);
}

/** Applies `make(entityId)` once in order to one entity and shuffled/duplicated to another; the states must match. */
async function checkProperty(
  app: INestApplication,
  count: fc.Arbitrary<number>,
  make: (entityId: string, n: number, seed: number) => Promise<Delivery[]> | Delivery[],
  state: (entityId: string) => Promise<unknown>,
  numRuns = 25,
) {
  await fc.assert(
    fc.asyncProperty(
      count.chain((n) => fc.tuple(fc.constant(n), deliveries(n), fc.nat())),
      async ([n, order, seed]) => {
        const reference = randomUUID();
        const subject = randomUUID();
        const once = await make(reference, n, seed);
        const events = await make(subject, n, seed);
        await applyAll(app, once);
        await applyAll(
          app,
          order.map((i) => events[i]),
        );
        expect(await state(subject)).toEqual(await state(reference));
      },
    ),
    { numRuns, seed: 424242 },
  );
}

describe('event consumers are idempotent and order-safe (property)', () => {
  it('catalog: seller read model from user registered/updated', async () => {
    const sellers = apps.catalog.get(SellersService);
    const handler: Handler = (e, m) => sellers.applyProfile(e as UserProfileChangedEvent, m);
    await checkProperty(
      apps.catalog,
      fc.integer({ min: 1, max: 6 }),
      (userId, n, seed) =>
        Array.from({ length: n }, (_, v) => ({
          id: `${userId}-${v}`,
          subject: v === 0 ? EVENTS.identity.userRegistered : EVENTS.identity.userUpdated,
          payload: profile(userId, v + 1, `Name${(seed + v) % 7}`, {
            avatar: v % 3 ? `https://example.com/${v}.png` : null,
          }),
          handler,
        })),
      async (userId) =>
        (
          await infra.database.query(
            'SELECT username LIKE $2 AS same_user, first_name, last_name, avatar, location, is_verified, version FROM catalog.sellers WHERE id = $1',
            [userId, 'user-%'],
          )
        ).map((r) => ({ ...r })),
    );
  });

  it('messaging: user read model from user registered/updated', async () => {
    const readModels = apps.messaging.get(ReadModelsService);
    const handler: Handler = (e, m) => readModels.applyProfile(e as UserProfileChangedEvent, m);
    await checkProperty(
      apps.messaging,
      fc.integer({ min: 1, max: 6 }),
      (userId, n, seed) =>
        Array.from({ length: n }, (_, v) => ({
          id: `${userId}-${v}`,
          subject: v === 0 ? EVENTS.identity.userRegistered : EVENTS.identity.userUpdated,
          payload: profile(userId, v + 1, `Name${(seed * 3 + v) % 5}`),
          handler,
        })),
      (userId) =>
        infra.database.query('SELECT first_name, last_name, avatar, version FROM messaging.users WHERE id = $1', [
          userId,
        ]),
    );
  });

  it('messaging: product read model from product listed/sold/removed', async () => {
    const readModels = apps.messaging.get(ReadModelsService);
    const handlers: Record<string, Handler> = {
      [EVENTS.catalog.productListed]: (e, m) => readModels.applyProductListed(e as never, m),
      [EVENTS.catalog.productSold]: (e, m) => readModels.applyProductSold(e as never, m),
      [EVENTS.catalog.productRemoved]: (e, m) => readModels.applyProductRemoved(e as never, m),
    };
    // A real history: listed, then possibly sold, then possibly removed (n = 1..3 events).
    const history = [EVENTS.catalog.productListed, EVENTS.catalog.productSold, EVENTS.catalog.productRemoved];
    await checkProperty(
      apps.messaging,
      fc.integer({ min: 1, max: 3 }),
      (productId, n, seed) => {
        const subjects = seed % 2 && n === 2 ? [history[0], history[2]] : history.slice(0, n);
        return subjects.map((subject, i) => ({
          id: `${productId}-${i}`,
          subject,
          handler: handlers[subject],
          payload: {
            productId,
            sellerId,
            title: 'Clay bull of Pucara',
            price: '10.00',
            occurredAt: new Date().toISOString(),
          },
        }));
      },
      (productId) =>
        infra.database.query('SELECT seller_id, title, status FROM messaging.products WHERE id = $1', [productId]),
    );
  });

  it('favourites: seller read model (the cards of favourited products) from user registered/updated', async () => {
    const favourites = apps.favourites.get(FavouritesService);
    const handler: Handler = (e, m) => favourites.applySellerProfile(e as UserProfileChangedEvent, m);
    await checkProperty(
      apps.favourites,
      fc.integer({ min: 1, max: 6 }),
      (userId, n, seed) =>
        Array.from({ length: n }, (_, v) => ({
          id: `${userId}-${v}`,
          subject: v === 0 ? EVENTS.identity.userRegistered : EVENTS.identity.userUpdated,
          payload: profile(userId, v + 1, `Name${(seed * 5 + v) % 6}`, {
            avatar: v % 2 ? `https://example.com/${v}.png` : null,
          }),
          handler,
        })),
      (userId) =>
        infra.database.query(
          'SELECT first_name, last_name, avatar, is_verified, version FROM favourites.sellers WHERE id = $1',
          [userId],
        ),
    );
  });

  it('favourites: product removed/sold leaves every favourites list, and its card goes', async () => {
    const favourites = apps.favourites.get(FavouritesService);
    const handler: Handler = (e, m) => favourites.productGone((e as { productId: string }).productId, m);
    const users = [randomUUID(), randomUUID(), randomUUID()];
    await checkProperty(
      apps.favourites,
      fc.integer({ min: 1, max: 2 }),
      async (productId, n, seed) => {
        for (const [u, userId] of users.entries()) {
          await infra.database.query(
            'INSERT INTO favourites.favourites (user_id, product_id, is_active, version, favourited_at) VALUES ($1, $2, $3, $4, now())',
            [userId, productId, (seed + u) % 3 !== 0, 1 + u],
          );
        }
        await infra.database.query(
          `INSERT INTO favourites.product_cards (product_id, seller_id, card) VALUES ($1, $2, '{}')`,
          [productId, sellerId],
        );
        const subjects =
          n === 1
            ? [seed % 2 ? EVENTS.catalog.productSold : EVENTS.catalog.productRemoved]
            : [EVENTS.catalog.productSold, EVENTS.catalog.productRemoved];
        return subjects.map((subject, i) => ({
          id: `${productId}-${i}`,
          subject,
          handler,
          payload: { productId, sellerId, occurredAt: new Date().toISOString() },
        }));
      },
      async (productId) => {
        const rows = await infra.database.query<{ user_id: string; is_active: boolean; version: number }>(
          'SELECT user_id, is_active, version FROM favourites.favourites WHERE product_id = $1 ORDER BY version',
          [productId],
        );
        expect(rows.every((r) => !r.is_active)).toBe(true);
        const cards = await infra.database.query(
          'SELECT product_id FROM favourites.product_cards WHERE product_id = $1',
          [productId],
        );
        return { favourites: rows.map((r) => ({ is_active: r.is_active, version: r.version })), cards: cards.length };
      },
    );
  });

  it('catalog: order paid then cancelled before shipping sells and relists the product, in any order', async () => {
    const products = apps.catalog.get(ProductsService);
    const handlers: Record<string, Handler> = {
      [EVENTS.payments.orderPaid]: (e, m) =>
        products.markSold((e as OrderPaidEvent).productId, (e as OrderPaidEvent).orderId, m),
      [EVENTS.payments.orderChanged]: (e, m) => products.applyOrderChanged(e as OrderChangedEvent, m),
    };
    const listing = {
      title: 'Clay bull of Pucara',
      description: 'Glazed clay bull from Pucara, customs cleared.',
      price: 20,
      condition: 'new' as const,
      category: 'Art',
      country: 'Peru',
      images: ['https://example.com/b.jpg'],
    };
    const productOf = new Map<string, string>();
    await checkProperty(
      apps.catalog,
      fc.integer({ min: 1, max: 2 }),
      async (key, n) => {
        const product = await rpc.send(RPC.catalog.createProduct, { actorId: sellerId, product: listing });
        productOf.set(key, product.id);
        const orderId = randomUUID();
        const at = new Date().toISOString();
        const paid: OrderPaidEvent = {
          orderId,
          productId: product.id,
          sellerId,
          buyerUserId: null,
          amountCents: 2000,
          currency: 'usd',
          occurredAt: at,
        };
        const cancelled: OrderChangedEvent = {
          orderId,
          productId: product.id,
          sellerId,
          buyerUserId: null,
          from: 'paid',
          to: 'cancelled',
          actor: 'system',
          occurredAt: at,
        };
        return [paid, cancelled].slice(0, n).map((payload, i) => ({
          id: `${key}-${i}`,
          subject: i === 0 ? EVENTS.payments.orderPaid : EVENTS.payments.orderChanged,
          handler: handlers[i === 0 ? EVENTS.payments.orderPaid : EVENTS.payments.orderChanged],
          payload,
        }));
      },
      async (key) =>
        await infra.database.query<{ status: string; sold: boolean }>(
          'SELECT status, sold_order_id IS NOT NULL AS sold FROM catalog.products WHERE id = $1',
          [productOf.get(key)],
        ),
      10,
    );
  });

  it('messaging: product read model from product sold/relisted, by sale version', async () => {
    const readModels = apps.messaging.get(ReadModelsService);
    const handlers: Record<string, Handler> = {
      [EVENTS.catalog.productListed]: (e, m) => readModels.applyProductListed(e as never, m),
      [EVENTS.catalog.productSold]: (e, m) => readModels.applyProductSold(e as never, m),
      [EVENTS.catalog.productRelisted]: (e, m) => readModels.applyProductRelisted(e as never, m),
    };
    // A real history: listed, sold (1), relisted (2), sold again (3), relisted again (4).
    const history = [
      EVENTS.catalog.productListed,
      EVENTS.catalog.productSold,
      EVENTS.catalog.productRelisted,
      EVENTS.catalog.productSold,
      EVENTS.catalog.productRelisted,
    ];
    await checkProperty(
      apps.messaging,
      fc.integer({ min: 1, max: 5 }),
      (productId, n) =>
        history.slice(0, n).map((subject, i) => ({
          id: `${productId}-${i}`,
          subject,
          handler: handlers[subject],
          payload: {
            productId,
            sellerId,
            title: 'Clay bull of Pucara',
            price: '10.00',
            ...(i > 0 ? { version: i } : {}),
            occurredAt: new Date().toISOString(),
          },
        })),
      (productId) =>
        infra.database.query('SELECT seller_id, title, status, sale_version FROM messaging.products WHERE id = $1', [
          productId,
        ]),
    );
  });

  it('favourites: a sale holds the favourites and its relisting gives them back, by sale version', async () => {
    const favourites = apps.favourites.get(FavouritesService);
    const handlers: Record<string, Handler> = {
      [EVENTS.catalog.productSold]: (e, m) =>
        favourites.productGone((e as { productId: string }).productId, m, 'sold', (e as { version: number }).version),
      [EVENTS.catalog.productRelisted]: (e, m) =>
        favourites.productRelisted((e as { productId: string }).productId, (e as { version: number }).version, m),
    };
    const users = [randomUUID(), randomUUID(), randomUUID()];
    const history = [
      EVENTS.catalog.productSold,
      EVENTS.catalog.productRelisted,
      EVENTS.catalog.productSold,
      EVENTS.catalog.productRelisted,
    ];
    await checkProperty(
      apps.favourites,
      fc.integer({ min: 1, max: 4 }),
      async (productId, n, seed) => {
        for (const [u, userId] of users.entries()) {
          await infra.database.query(
            'INSERT INTO favourites.favourites (user_id, product_id, is_active, version, favourited_at) VALUES ($1, $2, $3, $4, now())',
            [userId, productId, (seed + u) % 3 !== 0, 1 + u],
          );
        }
        return history.slice(0, n).map((subject, i) => ({
          id: `${productId}-${i}`,
          subject,
          handler: handlers[subject],
          payload: { productId, sellerId, version: i + 1, occurredAt: new Date().toISOString() },
        }));
      },
      async (productId) =>
        infra.database.query(
          'SELECT user_id IS NOT NULL AS present, is_active, held_by_sale FROM favourites.favourites WHERE product_id = $1 ORDER BY favourited_at, is_active',
          [productId],
        ),
    );
  });

  it('payments: product removed/sold fails the open checkouts once', async () => {
    const payments = apps.payments.get(CheckoutService);
    const handler: Handler = (e, m) => payments.productGone((e as { productId: string }).productId, m);
    const listing = {
      title: 'Alpaca wool scarf',
      description: 'Woven by hand in the Andes, customs cleared.',
      price: 20,
      condition: 'new' as const,
      category: 'Fashion',
      country: 'Peru',
      images: ['https://example.com/s.jpg'],
    };
    const productOf = new Map<string, string>();
    await checkProperty(
      apps.payments,
      fc.integer({ min: 1, max: 2 }),
      async (key, n, seed) => {
        // A real product with one or two open checkouts (guest intents).
        const product = await rpc.send(RPC.catalog.createProduct, { actorId: sellerId, product: listing });
        productOf.set(key, product.id);
        for (let i = 0; i <= seed % 2; i++)
          await rpc.send(RPC.payments.createIntent, { productId: product.id, amount: '20.00', guestInfo } as never);
        const subjects =
          n === 1 ? [EVENTS.catalog.productRemoved] : [EVENTS.catalog.productSold, EVENTS.catalog.productRemoved];
        return subjects.map((subject, i) => ({
          id: `${key}-${i}`,
          subject,
          handler,
          payload: { productId: product.id, sellerId, occurredAt: new Date().toISOString() },
        }));
      },
      async (key) => {
        const rows = await infra.database.query<{ status: string; failure_message: string | null }>(
          'SELECT status, failure_message FROM payments.orders WHERE product_id = $1 ORDER BY created_at',
          [productOf.get(key)],
        );
        const [{ n }] = await infra.database.query<{ n: string }>(
          `SELECT count(*) AS n FROM payments.outbox_events WHERE subject = $1 AND payload->>'productId' = $2`,
          [EVENTS.payments.orderFailed, productOf.get(key)],
        );
        // Each checkout failed exactly once (one order failed event each), however often the events came.
        expect(Number(n)).toBe(rows.length);
        return rows;
      },
      10,
    );
  });
});

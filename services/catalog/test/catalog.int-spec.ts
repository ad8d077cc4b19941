import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import {
  ErrorCode,
  durableConsumerName,
  EVENTS,
  MESSAGES,
  PRODUCT_DTO_FIELDS,
  RPC,
  type CreateProductDto,
  type ProductDto,
  type ProductListedEvent,
  type ProductQueryDto,
  type ProductRemovedEvent,
  type UserProfileChangedEvent,
  type RatingChangedEvent,
} from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import { delivered, eventually, processed, readStreamEvents, serviceSuite } from '@souvenir/testing';
import { DataSource } from 'typeorm';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { FirstPageCache, ProductCountCache } from '../src/products/product-list-caches';
import { ProductsRepository, type PageRequest } from '../src/products/products.repository';
import type { ProductFilters } from '../src/products/queries/product-filters';
import { SEARCH_WINDOW_ROWS, SPARSE_TIER_MAX_MATCHES, toSearchWords } from '../src/search/product-search';
import { CatalogConfig } from '../src/config/catalog.config';

const { infra, app, rpc, nc } = serviceSuite(SERVICE_NAME, AppModule, CatalogConfig, {
  env: { RPC_TIMEOUT_MS: '1500' },
});

async function expectError(promise: Promise<unknown>, code: ErrorCode): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe(code);
  return error as DomainError;
}

/** Publishes an identity event straight to JetStream, as identity's outbox relay would. */
async function publishUserEvent(
  subject: string,
  event: UserProfileChangedEvent,
  msgID: string = randomUUID(),
): Promise<string> {
  await jetstream(nc).publish(subject, JSON.stringify(event), { msgID });
  return msgID;
}

function profile(
  userId: string,
  version: number,
  changes: Partial<UserProfileChangedEvent> = {},
): UserProfileChangedEvent {
  return {
    userId,
    username: `user-${userId.slice(0, 8)}`,
    firstName: 'Yuki',
    lastName: 'Tanaka',
    avatar: null,
    location: 'United States',
    isVerified: false,
    version,
    occurredAt: new Date().toISOString(),
    ...changes,
  };
}

async function sellerRow(id: string) {
  const [row] = await infra.database.query<{
    first_name: string;
    last_name: string;
    location: string | null;
    version: number;
  }>(`SELECT first_name, last_name, location, version FROM catalog.sellers WHERE id = $1`, [id]);
  return row;
}

/** A seller known to catalog through their `user registered` event. */
async function registeredSeller(changes: Partial<UserProfileChangedEvent> = {}): Promise<string> {
  const id = randomUUID();
  await publishUserEvent(EVENTS.identity.userRegistered, profile(id, 1, changes));
  await eventually(async () => expect(await sellerRow(id)).toBeDefined());
  return id;
}

let counter = 0;
function listing(overrides: Partial<CreateProductDto> = {}): CreateProductDto {
  counter += 1;
  return {
    title: `Hand-painted plate ${counter}`,
    description: 'A lovely plate brought back from a long journey abroad.',
    price: 25,
    originalPrice: null,
    condition: 'new',
    category: 'Home Decor',
    country: 'Portugal',
    images: ['https://img.example.com/plate.jpg'],
    isCustomsVerified: false,
    ...overrides,
  };
}

function create(sellerId: string, overrides: Partial<CreateProductDto> = {}): Promise<ProductDto> {
  return rpc.send(RPC.catalog.createProduct, { actorId: sellerId, product: listing(overrides) });
}

function list(query: ProductQueryDto = {}) {
  return rpc.send(RPC.catalog.listProducts, { query });
}

async function titles(query: ProductQueryDto = {}): Promise<string[]> {
  return (await list({ limit: 100, ...query })).items.map((p) => p.title);
}

/** Walks every page of a query and answers the ids in order. */
async function walk(query: ProductQueryDto, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const page = await list({ ...query, limit, ...(cursor ? { cursor } : {}) });
    expect(page.items.length).toBeLessThanOrEqual(limit);
    ids.push(...page.items.map((p) => p.id));
    if (!page.nextCursor) return ids;
    cursor = page.nextCursor;
  }
  throw new Error('too many pages');
}

/**
 * Changes products behind the service's back (as another replica would), then makes this replica forget its
 * short-lived totals and first pages, as its own writes do.
 */
async function writeBehindService(sql: string, params: unknown[] = []): Promise<void> {
  await infra.database.query(sql, params);
  app.get(ProductCountCache).forgetAll();
  app.get(FirstPageCache).forgetAll();
}

async function clearProducts(): Promise<void> {
  await writeBehindService(`TRUNCATE catalog.products`);
}

describe('catalog service', () => {
  describe('creating a product', () => {
    it('validates with the spec messages', async () => {
      const seller = await registeredSeller();
      const error = await expectError(
        rpc.send(RPC.catalog.createProduct, {
          actorId: seller,
          product: {
            title: 'Vase',
            description: 'Too short',
            price: 0,
            condition: '' as never,
            category: ' ',
            country: '',
            images: [],
          },
        }),
        ErrorCode.ValidationFailed,
      );
      expect(error.errors).toEqual(
        expect.arrayContaining([
          { field: 'product.title', message: MESSAGES.titleMin },
          { field: 'product.description', message: MESSAGES.descriptionMin },
          { field: 'product.price', message: MESSAGES.pricePositive },
          { field: 'product.condition', message: MESSAGES.conditionRequired },
          { field: 'product.category', message: MESSAGES.categoryRequired },
          { field: 'product.country', message: MESSAGES.countryRequired },
          { field: 'product.images', message: MESSAGES.imagesMin },
        ]),
      );

      const more = await expectError(
        rpc.send(RPC.catalog.createProduct, {
          actorId: seller,
          product: {
            ...listing(),
            title: 'x'.repeat(101),
            description: 'y'.repeat(1001),
            price: undefined as never,
            images: Array(7).fill('https://a.example/x.jpg'),
          },
        }),
        ErrorCode.ValidationFailed,
      );
      expect(more.errors).toEqual(
        expect.arrayContaining([
          { field: 'product.title', message: MESSAGES.titleMax },
          { field: 'product.description', message: MESSAGES.descriptionMax },
          { field: 'product.price', message: MESSAGES.priceRequired },
          { field: 'product.images', message: MESSAGES.imagesMax },
        ]),
      );
    });

    it('accepts only http(s) image URLs', async () => {
      const seller = await registeredSeller();
      for (const url of [
        'ftp://example.com/a.jpg',
        'javascript:alert(1)',
        'data:image/png;base64,AAAA',
        '/relative.jpg',
      ]) {
        const error = await expectError(
          create(seller, { images: ['https://ok.example/a.jpg', url] }),
          ErrorCode.ValidationFailed,
        );
        expect(error.errors).toEqual([{ field: 'product.images', message: MESSAGES.imageUrl }]);
      }
      await expect(create(seller, { images: ['http://localhost:3000/seed/a.svg'] })).resolves.toMatchObject({
        images: ['http://localhost:3000/seed/a.svg'],
      });
    });

    it('refuses an original price lower than the price with a sentence, and lists nothing', async () => {
      const seller = await registeredSeller();
      const error = await expectError(create(seller, { price: 30, originalPrice: 29.99 }), ErrorCode.ValidationFailed);
      expect(error.errors).toEqual([{ field: 'product.originalPrice', message: MESSAGES.originalPriceBelowPrice }]);
      expect((await rpc.send(RPC.catalog.listSellerProducts, { sellerId: seller, limit: 24 })).items).toEqual([]);
      await expect(create(seller, { price: 30, originalPrice: 30 })).resolves.toMatchObject({ originalPrice: '30.00' });
    });

    it('stores prices as numeric(12,2), answers them as two-decimal strings and publishes product listed', async () => {
      const seller = await registeredSeller({ firstName: 'Marie', lastName: 'Curie' });
      const product = await create(seller, {
        price: 12.5,
        originalPrice: 20,
        isCustomsVerified: true,
        condition: 'like-new',
      });
      expect(product).toMatchObject({
        price: '12.50',
        originalPrice: '20.00',
        status: 'active',
        isFavorited: false,
        isCustomsVerified: true,
        condition: 'like-new',
        seller: { id: seller, firstName: 'Marie', lastName: 'Curie', avatar: null, isVerified: false, rating: null },
      });
      expect(new Date(product.createdAt).toISOString()).toBe(product.createdAt);
      expect(await rpc.send(RPC.catalog.getProduct, { productId: product.id })).toEqual(product);
      expect((await create(seller, { price: '7' as never })).price).toBe('7.00');
      expect((await create(seller)).originalPrice).toBeNull();
      const [column] = await infra.database.query<{
        data_type: string;
        numeric_precision: number;
        numeric_scale: number;
      }>(
        `SELECT data_type, numeric_precision, numeric_scale FROM information_schema.columns WHERE table_schema = 'catalog' AND table_name = 'products' AND column_name = 'price'`,
      );
      expect(column).toEqual({ data_type: 'numeric', numeric_precision: 12, numeric_scale: 2 });
      await eventually(async () => {
        const events = await readStreamEvents<ProductListedEvent>(infra, EVENTS.catalog.productListed);
        expect(events.filter((e) => e.data.productId === product.id)).toEqual([
          {
            id: expect.any(String),
            data: expect.objectContaining({
              productId: product.id,
              sellerId: seller,
              price: '12.50',
              title: product.title,
            }),
          },
        ]);
      });
    });

    it('fetches a seller once from identity when their event has not arrived, then follows the event', async () => {
      const sellerId = randomUUID();
      let calls = 0;
      // A stand-in for identity's `identity.user.get-many` responder, speaking Nest's NATS request/reply format:
      // it answers the users it knows and leaves the others out.
      const identity = nc.subscribe(RPC.identity.getUsersByIds, {
        callback: (_err, msg) => {
          calls += 1;
          const request = msg.json<{ id: string; data: { userIds: string[] } }>();
          const response = request.data.userIds
            .filter((id) => id === sellerId)
            .map((id) => ({
              id,
              username: 'late',
              firstName: 'Early',
              lastName: 'Bird',
              avatar: null,
              location: 'Canada',
              isVerified: true,
              rating: { average: 4.5, count: 2 },
              createdAt: new Date().toISOString(),
            }));
          msg.respond(JSON.stringify({ id: request.id, response, isDisposed: true }));
        },
      });
      try {
        const product = await create(sellerId);
        // The rating is left to reviews' events: none applied yet.
        expect(product.seller).toEqual({
          id: sellerId,
          firstName: 'Early',
          lastName: 'Bird',
          avatar: null,
          isVerified: true,
          rating: null,
        });
        await create(sellerId);
        expect(calls).toBe(1);
        expect((await sellerRow(sellerId)).version).toBe(0);
        await expectError(create(randomUUID()), ErrorCode.Unauthenticated);

        await publishUserEvent(
          EVENTS.identity.userRegistered,
          profile(sellerId, 1, { firstName: 'Evented', lastName: 'Bird' }),
        );
        await eventually(async () => {
          expect((await rpc.send(RPC.catalog.getProduct, { productId: product.id })).seller.firstName).toBe('Evented');
        });
      } finally {
        identity.unsubscribe();
      }
    });
  });

  describe('reading products', () => {
    it('hides removed products, keeps sold ones on their page, and answers NOT_FOUND for unknown ids', async () => {
      const seller = await registeredSeller();
      const sold = await create(seller);
      const removed = await create(seller);
      await writeBehindService(`UPDATE catalog.products SET status = 'sold' WHERE id = $1`, [sold.id]);
      await rpc.send(RPC.catalog.removeProduct, { actorId: seller, productId: removed.id });
      expect(await rpc.send(RPC.catalog.getProduct, { productId: sold.id })).toMatchObject({
        id: sold.id,
        status: 'sold',
      });
      await expectError(rpc.send(RPC.catalog.getProduct, { productId: removed.id }), ErrorCode.NotFound);
      await expectError(rpc.send(RPC.catalog.getProduct, { productId: randomUUID() }), ErrorCode.NotFound);
      await expectError(rpc.send(RPC.catalog.getProduct, { productId: 'not-a-uuid' }), ErrorCode.ValidationFailed);
    });

    it("lists a user's active and sold products newest first, never removed ones", async () => {
      const seller = await registeredSeller();
      const other = await registeredSeller();
      const first = await create(seller);
      const second = await create(seller);
      const third = await create(seller);
      await create(other);
      await writeBehindService(`UPDATE catalog.products SET status = 'sold' WHERE id = $1`, [second.id]);
      await rpc.send(RPC.catalog.removeProduct, { actorId: seller, productId: third.id });
      const page = await rpc.send(RPC.catalog.listSellerProducts, { sellerId: seller, limit: 24 });
      expect(page.items.map((p) => [p.id, p.status])).toEqual([
        [second.id, 'sold'],
        [first.id, 'active'],
      ]);
      expect(page).toMatchObject({ nextCursor: null, totalCount: 2 });
    });

    it("pages a user's products by keyset (ties on created_at included), per status or both, with each count", async () => {
      const seller = await registeredSeller();
      const made: Awaited<ReturnType<typeof create>>[] = [];
      for (let i = 0; i < 7; i += 1) made.push(await create(seller));
      // Three share one timestamp: the id breaks the tie, so no page repeats or skips one.
      await writeBehindService(
        `UPDATE catalog.products SET created_at = '2026-01-02T03:04:05.678901Z' WHERE id = ANY($1::uuid[])`,
        [made.slice(1, 4).map((p) => p.id)],
      );
      await writeBehindService(`UPDATE catalog.products SET status = 'sold' WHERE id = ANY($1::uuid[])`, [
        [made[0]!.id, made[2]!.id],
      ]);
      await rpc.send(RPC.catalog.removeProduct, { actorId: seller, productId: made[6]!.id });
      const all = async (status?: 'active' | 'sold') => {
        const ids: string[] = [];
        let cursor: string | undefined;
        const totals = new Set<number>();
        do {
          const page = await rpc.send(RPC.catalog.listSellerProducts, {
            sellerId: seller,
            limit: 2,
            ...(status ? { status } : {}),
            ...(cursor ? { cursor } : {}),
          });
          expect(page.items.length).toBeLessThanOrEqual(2);
          ids.push(...page.items.map((p) => p.id));
          totals.add(page.totalCount);
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
        return { ids, totals: [...totals] };
      };
      const everything = await all();
      const expected = (
        await app
          .get(DataSource)
          .query(
            `SELECT id FROM catalog.products WHERE seller_id = $1 AND status <> 'removed' ORDER BY created_at DESC, id DESC`,
            [seller],
          )
      ).map((r: { id: string }) => r.id);
      expect(everything).toEqual({ ids: expected, totals: [6] });
      expect(new Set(everything.ids).size).toBe(6);
      const active = await all('active');
      const sold = await all('sold');
      expect(active.totals).toEqual([4]);
      expect(sold).toEqual({
        ids: expected.filter((id: string) => id === made[0]!.id || id === made[2]!.id),
        totals: [2],
      });
      expect([...active.ids, ...sold.ids].sort()).toEqual([...expected].sort());
      // A cursor from another list, or none at all, is refused.
      await expectError(
        rpc.send(RPC.catalog.listSellerProducts, { sellerId: seller, limit: 2, cursor: 'bm90IGEgY3Vyc29y' }),
        ErrorCode.ValidationFailed,
      );
      await expectError(
        rpc.send(RPC.catalog.listSellerProducts, { sellerId: seller, limit: 0 }),
        ErrorCode.ValidationFailed,
      );
    });

    it('answers products by ids in the requested order, skipping unknown and removed ones', async () => {
      const seller = await registeredSeller();
      const [a, b, c, d] = [await create(seller), await create(seller), await create(seller), await create(seller)];
      await writeBehindService(`UPDATE catalog.products SET status = 'sold' WHERE id = $1`, [b.id]);
      await rpc.send(RPC.catalog.removeProduct, { actorId: seller, productId: c.id });
      const found = await rpc.send(RPC.catalog.getProductsByIds, {
        productIds: [d.id, randomUUID(), c.id, b.id, a.id, d.id],
      });
      expect(found.map((p) => p.id)).toEqual([d.id, b.id, a.id]);
      expect(await rpc.send(RPC.catalog.getProductsByIds, { productIds: [] })).toEqual([]);
    });

    it('answers a product alike on every path, create included: ISO createdAt in UTC milliseconds, prices, status and seller', async () => {
      const location = `Atlantis ${randomUUID()}`;
      const seller = await registeredSeller({
        firstName: 'Zoë',
        lastName: "O'Neil",
        avatar: 'https://img.example.com/zoe.png',
        isVerified: true,
        location,
      });
      const plain = await create(seller, { price: 9.9, originalPrice: null });
      const sold = await create(seller, {
        price: 1000,
        originalPrice: 1234.5,
        isCustomsVerified: true,
        condition: 'good',
      });
      const newest = await create(seller, { price: 3 });
      // Microseconds a JS Date cannot hold, and a timestamp written with an offset: reads answer UTC milliseconds.
      await writeBehindService(`UPDATE catalog.products SET created_at = '2026-03-04T05:06:07.123987Z' WHERE id = $1`, [
        plain.id,
      ]);
      await writeBehindService(
        `UPDATE catalog.products SET created_at = '2026-03-04T05:06:08.999999+02:00', status = 'sold' WHERE id = $1`,
        [sold.id],
      );
      // The product page's answer is the reference; every other path must answer the very same objects.
      const read = (id: string) => rpc.send(RPC.catalog.getProduct, { productId: id });
      const [plainDto, soldDto, newestDto] = [await read(plain.id), await read(sold.id), await read(newest.id)];
      expect(plainDto).toStrictEqual({
        id: plain.id,
        title: plain.title,
        description: plain.description,
        price: '9.90',
        originalPrice: null,
        condition: plain.condition,
        category: plain.category,
        country: plain.country,
        images: plain.images,
        isCustomsVerified: false,
        contents: null,
        originLevel: null,
        shipsFrom: null,
        isFavorited: false,
        createdAt: '2026-03-04T05:06:07.123Z',
        status: 'active',
        seller: {
          id: seller,
          firstName: 'Zoë',
          lastName: "O'Neil",
          avatar: 'https://img.example.com/zoe.png',
          isVerified: true,
          rating: null,
        },
      });
      // Fields in this order: the JSON the gateway forwards stays byte for byte what it was.
      // A product whose price never dropped has no previousPrice or priceDroppedAt, one not reserved no reservedUntil
      // or reservedFor (optional, last).
      const optional: readonly string[] = ['previousPrice', 'priceDroppedAt', 'reservedUntil', 'reservedFor'];
      expect(Object.keys(plainDto)).toEqual(PRODUCT_DTO_FIELDS.filter((field) => !optional.includes(field)));
      expect(Object.keys(plainDto.seller)).toEqual(['id', 'firstName', 'lastName', 'avatar', 'isVerified', 'rating']);
      expect(soldDto).toMatchObject({
        createdAt: '2026-03-04T03:06:08.999Z',
        price: '1000.00',
        originalPrice: '1234.50',
        status: 'sold',
        condition: 'good',
        isCustomsVerified: true,
        originLevel: 'self-declared',
      });
      expect(newestDto).toStrictEqual(newest);

      expect(
        await rpc.send(RPC.catalog.getProductsByIds, { productIds: [sold.id, newest.id.toUpperCase(), plain.id] }),
      ).toStrictEqual([soldDto, newestDto, plainDto]);
      expect((await rpc.send(RPC.catalog.listSellerProducts, { sellerId: seller, limit: 24 })).items).toStrictEqual([
        newestDto,
        plainDto,
        soldDto,
      ]);
      for (const query of [{ location }, { location, search: 'plate' }, { location, sort: 'price_desc' as const }]) {
        const page = await list({ ...query, limit: 1 });
        expect(page.items).toStrictEqual(query.sort ? [plainDto] : [newestDto]);
        expect(page.totalCount).toBe(2);
        const next = await list({ ...query, limit: 1, cursor: page.nextCursor! });
        const lastItem = query.sort ? newestDto : plainDto;
        expect(next).toStrictEqual({ itemIds: [lastItem.id], items: [lastItem], nextCursor: null, totalCount: 2 });
      }
    });
  });

  describe('browsing', () => {
    let us: string;
    let uk: string;
    beforeAll(async () => {
      await clearProducts();
      us = await registeredSeller({ location: 'United States' });
      uk = await registeredSeller({ location: 'United Kingdom' });
      await create(us, {
        title: 'Kyoto ceramic tea bowl',
        description: 'Raku-fired bowl from a family workshop near Kyoto.',
        category: 'Art & Crafts',
        country: 'Japan',
        price: 45,
        condition: 'new',
      });
      await create(us, {
        title: 'Silk kimono sash',
        description: 'Vintage obi woven in Nishijin with golden threads.',
        category: 'Clothing',
        country: 'Japan',
        price: 120,
        condition: 'good',
      });
      await create(uk, {
        title: 'Crème brûlée torch set',
        description: 'A Parisian kitchen classic, with ramekins included.',
        category: 'Home Decor',
        country: 'France',
        price: 30,
        condition: 'like-new',
      });
      await create(uk, {
        title: 'Lavender sachets',
        description: 'Dried lavender from Provence in linen pouches, ceramic dish.',
        category: 'Home Decor',
        country: 'France',
        price: 12.5,
        condition: 'new',
      });
      await create(uk, {
        title: 'Murano glass pendant',
        description: 'Hand-blown glass pendant on a silver chain.',
        category: 'Jewelry',
        country: 'Italy',
        price: 80,
        condition: 'new',
      });
    });

    it('answers active products newest first with the total count', async () => {
      const page = await list();
      expect(page.totalCount).toBe(5);
      expect(page.nextCursor).toBeNull();
      expect(page.items.map((p) => p.title)).toEqual([
        'Murano glass pendant',
        'Lavender sachets',
        'Crème brûlée torch set',
        'Silk kimono sash',
        'Kyoto ceramic tea bowl',
      ]);
    });

    it('filters by country, price range, categories, condition and seller location', async () => {
      expect(await titles({ country: 'Japan' })).toEqual(['Silk kimono sash', 'Kyoto ceramic tea bowl']);
      expect(await titles({ minPrice: 45 })).toEqual([
        'Murano glass pendant',
        'Silk kimono sash',
        'Kyoto ceramic tea bowl',
      ]);
      expect(await titles({ maxPrice: 30 })).toEqual(['Lavender sachets', 'Crème brûlée torch set']);
      expect(await titles({ minPrice: 12.5, maxPrice: 12.5 })).toEqual(['Lavender sachets']);
      expect(await titles({ categories: ['Jewelry', 'Clothing'] })).toEqual([
        'Murano glass pendant',
        'Silk kimono sash',
      ]);
      expect(await titles({ categories: 'Jewelry,Art & Crafts' as never })).toEqual([
        'Murano glass pendant',
        'Kyoto ceramic tea bowl',
      ]);
      expect(await titles({ condition: 'like-new' })).toEqual(['Crème brûlée torch set']);
      expect(await titles({ location: 'United States' })).toEqual(['Silk kimono sash', 'Kyoto ceramic tea bowl']);
      expect(await titles({ location: 'Canada' })).toEqual([]);
      expect(await titles({ country: 'France', maxPrice: 20, condition: 'new', categories: ['Home Decor'] })).toEqual([
        'Lavender sachets',
      ]);
      expect((await list({ country: 'France' })).totalCount).toBe(2);
    });

    it('searches title, description and category ignoring case and accents, matching partial words', async () => {
      expect(await titles({ search: 'CREME BRULEE' })).toEqual(['Crème brûlée torch set']);
      expect(await titles({ search: 'crème' })).toEqual(['Crème brûlée torch set']);
      expect(await titles({ search: 'jewelry' })).toEqual(['Murano glass pendant']);
      expect(await titles({ search: 'nishijin' })).toEqual(['Silk kimono sash']);
      expect(await titles({ search: 'ceram' })).toEqual(['Kyoto ceramic tea bowl', 'Lavender sachets']);
      expect(await titles({ search: 'glass pendant silver' })).toEqual(['Murano glass pendant']);
      expect(await titles({ search: 'pendant', country: 'Japan' })).toEqual([]);
      expect(await titles({ search: 'submarine' })).toEqual([]);
      expect((await list({ search: "ceram'); DROP TABLE x; --" })).totalCount).toBe(0);
      expect((await list({ search: 'ceramic' })).totalCount).toBe(2);
    });

    it('searches for letters and digits that unaccent turns into tsquery syntax (⑴ → "(1)", ː → ":", ʼ → "\'")', async () => {
      // Each used to be a syntax error in to_tsquery (500): unaccent ran after the letters-and-digits filter.
      for (const search of ['⑴', 'ː', 'ʼ', 'ʼʼ', 'ceram ʼ', 'ceram ː ⑴', '½', 'ŉ']) {
        const page = await list({ search });
        expect(Array.isArray(page.items)).toBe(true);
      }
      // What is left of a folded word is matched like the index folds it; a word left with no lexeme drops out.
      expect(await titles({ search: 'ceram ː' })).toEqual(['Kyoto ceramic tea bowl', 'Lavender sachets']);
      expect(await titles({ search: 'ʼ' })).toEqual([]);
    });

    it('ranks title matches above description matches, and other sorts still apply to search results', async () => {
      // Ranking rule: products whose title alone contains every search term come first, then those matching only
      // through their category or description; newest first within each group. "ceramic" is in the bowl's title
      // but only in the sachets' description: the bowl ranks first although older.
      expect(await titles({ search: 'Ceramic' })).toEqual(['Kyoto ceramic tea bowl', 'Lavender sachets']);
      expect(await titles({ search: 'ceramic', sort: 'price_asc' })).toEqual([
        'Lavender sachets',
        'Kyoto ceramic tea bowl',
      ]);
    });

    it('sorts by price both ways and by popularity', async () => {
      expect(await titles({ sort: 'price_asc' })).toEqual([
        'Lavender sachets',
        'Crème brûlée torch set',
        'Kyoto ceramic tea bowl',
        'Murano glass pendant',
        'Silk kimono sash',
      ]);
      expect(await titles({ sort: 'price_desc' })).toEqual([
        'Silk kimono sash',
        'Murano glass pendant',
        'Kyoto ceramic tea bowl',
        'Crème brûlée torch set',
        'Lavender sachets',
      ]);
      await writeBehindService(`UPDATE catalog.products SET favorite_count = 3 WHERE title = 'Silk kimono sash'`);
      await writeBehindService(`UPDATE catalog.products SET favorite_count = 1 WHERE title = 'Kyoto ceramic tea bowl'`);
      expect(await titles({ sort: 'popular' })).toEqual([
        'Silk kimono sash',
        'Kyoto ceramic tea bowl',
        'Murano glass pendant',
        'Lavender sachets',
        'Crème brûlée torch set',
      ]);
    });

    it('answers one category per country with active products and their counts', async () => {
      const categories = await rpc.send(RPC.catalog.listCategories, {});
      expect(categories).toEqual([
        { id: 'france', country: 'France', count: 2 },
        { id: 'japan', country: 'Japan', count: 2 },
        { id: 'italy', country: 'Italy', count: 1 },
      ]);
    });

    it('refuses malformed or foreign cursors and limits over 100', async () => {
      for (const cursor of [
        'garbage',
        Buffer.from('{"v":1}').toString('base64url'),
        Buffer.from('[1,2]').toString('base64url'),
      ]) {
        const error = await expectError(list({ cursor }), ErrorCode.ValidationFailed);
        expect(error.errors).toEqual([{ field: 'query.cursor', message: 'Invalid cursor' }]);
      }
      const page = await list({ limit: 1, sort: 'price_asc' });
      expect(page.nextCursor).toEqual(expect.any(String));
      await expectError(list({ limit: 1, sort: 'price_desc', cursor: page.nextCursor! }), ErrorCode.ValidationFailed);
      await expectError(list({ limit: 101 }), ErrorCode.ValidationFailed);
      await expectError(list({ limit: 0 }), ErrorCode.ValidationFailed);
      await expectError(list({ sort: 'cheapest' as never }), ErrorCode.ValidationFailed);
    });
  });

  describe('pagination', () => {
    const rows: { id: string; price: string; favorites: number; createdAt: string; title: string }[] = [];

    beforeAll(async () => {
      await clearProducts();
      const seller = await registeredSeller();
      // 60 products over 4 timestamps, 3 prices and 2 favourite counts: many rows share every sort key but id.
      const stamps = [
        '2026-01-01T10:00:00.000001Z',
        '2026-01-01T10:00:00.000002Z',
        '2026-01-02T00:00:00Z',
        '2026-01-03T00:00:00Z',
      ];
      for (let i = 0; i < 60; i++) {
        rows.push({
          id: randomUUID(),
          price: ['10.00', '10.50', '99.99'][i % 3],
          favorites: i % 2,
          createdAt: stamps[i % 4],
          title: i % 5 === 0 ? `Carved wooden elephant ${i}` : `Wooden mask ${i}`,
        });
      }
      for (const r of rows) {
        await writeBehindService(
          `INSERT INTO catalog.products (id, seller_id, title, description, price, condition, category, country, images, favorite_count, created_at)
           VALUES ($1, $2, $3, 'Carved by hand from a single block of wood.', $4, 'new', 'Art & Crafts', 'Kenya', ARRAY['https://a.example/m.jpg'], $5, $6)`,
          [r.id, seller, r.title, r.price, r.favorites, r.createdAt],
        );
      }
    });

    const byRecent = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
      b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

    it.each([
      ['recent', (a: (typeof rows)[number], b: (typeof rows)[number]) => byRecent(a, b)],
      [
        'price_asc',
        (a: (typeof rows)[number], b: (typeof rows)[number]) => Number(a.price) - Number(b.price) || byRecent(a, b),
      ],
      [
        'price_desc',
        (a: (typeof rows)[number], b: (typeof rows)[number]) => Number(b.price) - Number(a.price) || byRecent(a, b),
      ],
      ['popular', (a: (typeof rows)[number], b: (typeof rows)[number]) => b.favorites - a.favorites || byRecent(a, b)],
    ] as const)(
      'walks every page of sort=%s without repeats or gaps, ties broken by recency then id',
      async (sort, order) => {
        const expected = [...rows].sort(order).map((r) => r.id);
        for (const limit of [1, 7, 24]) {
          const ids = await walk({ sort }, limit);
          expect(ids).toEqual(expected);
        }
        const firstPage = await list({ sort, limit: 7 });
        expect(firstPage.totalCount).toBe(60);
      },
    );

    it('walks ranked search results page by page with a stable order', async () => {
      const all = (await list({ search: 'wooden', limit: 100 })).items.map((p) => p.id);
      // Every title has "wooden": one group, newest first (ties on created_at broken by id).
      expect(all).toEqual([...rows].sort(byRecent).map((r) => r.id));
      // For "carved wood" only the elephants' titles ("Carved wooden…") hold both words; the masks match "carved"
      // only through their description: the 12 elephants come first, then the 48 masks, each group newest first.
      const carved = (await list({ search: 'carved wood', limit: 100 })).items.map((p) => p.title);
      expect(carved.slice(0, 12).every((t) => t.startsWith('Carved'))).toBe(true);
      const elephantsFirst = [...rows].sort(
        (a, b) => Number(b.title.startsWith('Carved')) - Number(a.title.startsWith('Carved')) || byRecent(a, b),
      );
      expect((await list({ search: 'carved wood', limit: 100 })).items.map((p) => p.id)).toEqual(
        elephantsFirst.map((r) => r.id),
      );
      for (const limit of [1, 5, 13]) {
        expect(await walk({ search: 'wooden' }, limit)).toEqual(all);
        expect(await walk({ search: 'carved wood' }, limit)).toEqual(
          (await list({ search: 'carved wood', limit: 100 })).items.map((p) => p.id),
        );
      }
    });

    it.each(['recent', 'price_asc', 'price_desc', 'popular'] as const)(
      'pages a search with sort=%s alike whether its matches are found by walking the order, through the index, or all at once',
      async (sort) => {
        const repository = app.get(ProductsRepository);
        const pages = async (
          filters: ProductFilters,
          windowRows: number,
          limit: number,
          matchCount?: number,
          sparseTierMaxMatches = SPARSE_TIER_MAX_MATCHES,
        ) => {
          repository.searchWindowRows = windowRows;
          repository.sparseTierMaxMatches = sparseTierMaxMatches;
          const ids: string[] = [];
          let after: PageRequest['after'] = null;
          for (let i = 0; i < 100; i++) {
            const found = await repository.findPage(filters, { sort, after, limit: limit + 1, matchCount });
            const page = found.slice(0, limit);
            ids.push(...page.map((p) => p.product.id));
            if (found.length <= limit) return ids;
            after = page[page.length - 1].key;
          }
          throw new Error('more than 100 pages');
        };
        try {
          // With a narrow price range too, whose matches are also read through its price bands.
          for (const prices of [{}, { minPrice: 10, maxPrice: 40 }])
            for (const search of ['wooden', 'carved wood', 'elephant']) {
              const filters = { searchWords: toSearchWords(search), country: 'Kenya', ...prices };
              const walked = await pages(filters, 1000, 100);
              expect(walked.length).toBeGreaterThan(0);
              for (const limit of [1, 7]) {
                // A window of one row: mostly through the index, and a sparse tier's later pages through it at once.
                expect(await pages(filters, 1, limit)).toEqual(walked);
                // The same where every sparse tier's matches are more than the cap (a forged cursor): read as usual.
                expect(await pages(filters, 1, limit, undefined, 1)).toEqual(walked);
                expect(await pages(filters, 4, limit)).toEqual(walked); // both, a page continuing after the window
                expect(await pages(filters, 1000, limit)).toEqual(walked); // the walk alone
                expect(await pages(filters, 1000, limit, walked.length)).toEqual(walked); // few matches: all at once
              }
            }
        } finally {
          repository.searchWindowRows = SEARCH_WINDOW_ROWS;
          repository.sparseTierMaxMatches = SPARSE_TIER_MAX_MATCHES;
        }
      },
    );

    it('keeps later pages stable when products are listed meanwhile', async () => {
      const first = await list({ limit: 10 });
      const seller = await registeredSeller();
      await create(seller);
      const second = await list({ limit: 10, cursor: first.nextCursor! });
      const expected = [...rows].sort(byRecent).map((r) => r.id);
      expect([...first.items, ...second.items].map((p) => p.id)).toEqual(expected.slice(0, 20));
    });
  });

  describe('removing', () => {
    it('lets only the seller remove; the product leaves lists, search, categories and its page, and product removed is published', async () => {
      await clearProducts();
      const seller = await registeredSeller();
      const stranger = await registeredSeller();
      const keep = await create(seller, { title: 'Berber rug cushion', country: 'Morocco' });
      const gone = await create(seller, { title: 'Berber silver bracelet', country: 'Morocco' });
      const alone = await create(seller, { title: 'Alpaca wool poncho', country: 'Peru' });

      const error = await expectError(
        rpc.send(RPC.catalog.removeProduct, { actorId: stranger, productId: gone.id }),
        ErrorCode.Forbidden,
      );
      expect(error.message).toBe('You can only remove your own listings');
      expect((await rpc.send(RPC.catalog.getProduct, { productId: gone.id })).id).toBe(gone.id);

      await expect(rpc.send(RPC.catalog.removeProduct, { actorId: seller, productId: gone.id })).resolves.toEqual({
        ok: true,
      });
      await expect(rpc.send(RPC.catalog.removeProduct, { actorId: seller, productId: alone.id })).resolves.toEqual({
        ok: true,
      });
      await expectError(rpc.send(RPC.catalog.getProduct, { productId: gone.id }), ErrorCode.NotFound);
      await expectError(
        rpc.send(RPC.catalog.removeProduct, { actorId: seller, productId: gone.id }),
        ErrorCode.NotFound,
      );
      await expectError(
        rpc.send(RPC.catalog.removeProduct, { actorId: seller, productId: randomUUID() }),
        ErrorCode.NotFound,
      );

      const page = await list();
      expect(page.items.map((p) => p.id)).toEqual([keep.id]);
      expect(page.totalCount).toBe(1);
      expect((await list({ search: 'berber' })).items.map((p) => p.id)).toEqual([keep.id]);
      expect((await list({ search: 'bracelet' })).totalCount).toBe(0);
      expect(await rpc.send(RPC.catalog.listCategories, {})).toEqual([{ id: 'morocco', country: 'Morocco', count: 1 }]);

      await eventually(async () => {
        const events = (await readStreamEvents<ProductRemovedEvent>(infra, EVENTS.catalog.productRemoved)).filter(
          (e) => e.data.sellerId === seller,
        );
        expect(events.map((e) => e.data.productId).sort()).toEqual([gone.id, alone.id].sort());
      });
    });

    it('refuses to remove a sold product', async () => {
      const seller = await registeredSeller();
      const product = await create(seller);
      await writeBehindService(`UPDATE catalog.products SET status = 'sold' WHERE id = $1`, [product.id]);
      await expectError(
        rpc.send(RPC.catalog.removeProduct, { actorId: seller, productId: product.id }),
        ErrorCode.Conflict,
      );
    });
  });

  describe('seller read model', () => {
    it('follows user updated within seconds and ignores replays and late older versions', async () => {
      const seller = await registeredSeller({ firstName: 'Ana', lastName: 'Lopez' });
      const product = await create(seller);
      const sellerOf = async () => (await rpc.send(RPC.catalog.getProduct, { productId: product.id })).seller;

      const renamed = profile(seller, 2, {
        firstName: 'Ana María',
        lastName: 'López',
        isVerified: true,
        location: 'Canada',
      });
      const renameId = await publishUserEvent(EVENTS.identity.userUpdated, renamed);
      await eventually(async () =>
        expect(await sellerOf()).toMatchObject({ firstName: 'Ana María', lastName: 'López', isVerified: true }),
      );
      expect((await list({ location: 'Canada' })).items.map((p) => p.id)).toContain(product.id);

      // The same event again (JetStream drops it as a duplicate), the same version with other content (a replay
      // through another path), and version 1 arriving late: none of them may change the read model.
      await publishUserEvent(EVENTS.identity.userUpdated, renamed, renameId);
      const replayId = await publishUserEvent(EVENTS.identity.userUpdated, { ...renamed, firstName: 'Replayed' });
      const lateId = await publishUserEvent(EVENTS.identity.userRegistered, profile(seller, 1, { firstName: 'Stale' }));
      await eventually(async () => {
        const processed = await infra.database.query<{ event_id: string }>(
          `SELECT event_id FROM catalog.processed_events WHERE event_id = ANY($1)`,
          [[replayId, lateId]],
        );
        expect(processed).toHaveLength(2);
      });
      expect(await sellerOf()).toMatchObject({ firstName: 'Ana María', lastName: 'López' });
      expect(await sellerRow(seller)).toMatchObject({ first_name: 'Ana María', version: 2 });

      // The platform's consumer applies one event id once, even when delivered twice.
      await publishUserEvent(EVENTS.identity.userUpdated, profile(seller, 3, { firstName: 'Ana' }));
      await eventually(async () => expect((await sellerOf()).firstName).toBe('Ana'));
      const [{ count }] = await infra.database.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM catalog.processed_events WHERE event_id = $1`,
        [renameId],
      );
      expect(count).toBe(1);
    });
  });

  describe("sellers' ratings from reviews", () => {
    async function publishRating(
      userId: string,
      version: number,
      average: number | null,
      count: number,
      msgID?: string,
    ) {
      const event: RatingChangedEvent = { userId, average, count, version, occurredAt: new Date().toISOString() };
      const id = msgID ?? randomUUID();
      await jetstream(nc).publish(EVENTS.reviews.ratingChanged, JSON.stringify(event), { msgID: id });
      return id;
    }
    it('shows the newest rating on the seller card whatever the order, once per event, and none for a new seller', async () => {
      const seller = await registeredSeller();
      const product = await create(seller);
      const sellerOf = async () => (await rpc.send(RPC.catalog.getProduct, { productId: product.id })).seller;
      expect((await sellerOf()).rating).toBeNull();

      const second = await publishRating(seller, 2, 4.5, 2);
      await eventually(async () => expect((await sellerOf()).rating).toEqual({ average: 4.5, count: 2 }));
      // Version 1 arriving late, the same version with other figures, and the same event again change nothing.
      const late = await publishRating(seller, 1, 5, 1);
      const sameVersion = await publishRating(seller, 2, 1, 9);
      await publishRating(seller, 2, 4.5, 2, second);
      await processed(infra, 'catalog', [late, sameVersion]);
      expect((await sellerOf()).rating).toEqual({ average: 4.5, count: 2 });
      // The seller card is part of every product read: lists answer the same rating.
      const page = await rpc.send(RPC.catalog.listSellerProducts, { sellerId: seller, limit: 10 });
      expect(page.items[0].seller.rating).toEqual({ average: 4.5, count: 2 });

      await publishRating(seller, 3, 4.67, 3);
      await eventually(async () => expect((await sellerOf()).rating).toEqual({ average: 4.67, count: 3 }));
      const [{ count }] = await infra.database.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM catalog.processed_events WHERE event_id = $1`,
        [second],
      );
      expect(count).toBe(1);
    });

    it('keeps a rating that comes before the profile and applies it once the profile is there', async () => {
      const userId = randomUUID();
      const rating = randomUUID();
      const event: RatingChangedEvent = {
        userId,
        average: 3,
        count: 1,
        version: 1,
        occurredAt: new Date().toISOString(),
      };
      const { seq } = await jetstream(nc).publish(EVENTS.reviews.ratingChanged, JSON.stringify(event), {
        msgID: rating,
      });
      // Delivered while catalog knows no such seller: not applied, and left for a retry.
      await delivered(infra, durableConsumerName(SERVICE_NAME, EVENTS.reviews.ratingChanged), seq);
      expect(
        await infra.database.query(`SELECT 1 FROM catalog.processed_events WHERE event_id = $1`, [rating]),
      ).toEqual([]);
      await publishUserEvent(EVENTS.identity.userRegistered, profile(userId, 1));
      await processed(infra, 'catalog', [rating]);
      const [row] = await infra.database.query<{ rating_average: string; rating_count: number }>(
        `SELECT rating_average, rating_count FROM catalog.sellers WHERE id = $1`,
        [userId],
      );
      expect(row).toEqual({ rating_average: '3.00', rating_count: 1 });
    });
  });
});

import { CARD_SHAPE } from '../src/product-cards/card-shape';
import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { ErrorCode, EVENTS, RPC, type FavouriteChangedEvent, type ProductDto } from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import { eventually, processed, readStreamEvents, startService, serviceSuite } from '@souvenir/testing';
import { AppModule as CatalogModule, SERVICE_NAME as CATALOG } from '../../catalog/src/app.module';
import { CatalogConfig } from '../../catalog/src/config/catalog.config';
import { AppModule as IdentityModule, SERVICE_NAME as IDENTITY } from '../../identity/src/app.module';
import { IdentityConfig } from '../../identity/src/config/identity.config';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { FavouritesConfig } from '../src/config/favourites.config';

let seller: string;
let buyer: string;
let other: string;
let products: ProductDto[];

const person = (n: string) => ({
  email: `${n}@example.com`,
  password: 'secret1',
  username: n,
  firstName: n,
  lastName: 'Test',
});
const listing = (title: string) => ({
  title,
  description: 'A lovely handmade souvenir brought home from far away.',
  price: 25,
  condition: 'new' as const,
  category: 'Art & Crafts',
  country: 'Japan',
  images: ['https://example.com/a.jpg'],
  isCustomsVerified: true,
});

/** The user's whole list (fewer than one page here). */
async function listOf(actorId: string): Promise<ProductDto[]> {
  return (await rpc.send(RPC.favourites.list, { actorId, limit: 100 })).products;
}

async function idsOf(actorId: string): Promise<string[]> {
  return (await listOf(actorId)).map((p) => p.id);
}

/** The product as catalog shows it, hearted: what the Favorites tab shows. */
async function favourited(productId: string): Promise<ProductDto> {
  return { ...(await rpc.send(RPC.catalog.getProduct, { productId })), isFavorited: true };
}

async function codeOf(promise: Promise<unknown>): Promise<ErrorCode | null> {
  return promise.then(
    () => null,
    (e: unknown) => (e instanceof DomainError ? e.code : null),
  );
}

const { infra, apps, rpc } = serviceSuite(SERVICE_NAME, AppModule, FavouritesConfig, {
  before: [
    { name: IDENTITY, module: IdentityModule, config: IdentityConfig },
    { name: CATALOG, module: CatalogModule, config: CatalogConfig },
  ],
});

beforeAll(async () => {
  [seller, buyer, other] = await Promise.all(
    ['sakura', 'ben', 'cleo'].map(async (n) => (await rpc.send(RPC.identity.register, person(n))).id),
  );
  products = [];
  for (const title of ['Kokeshi doll', 'Furoshiki cloth', 'Maneki-neko cat']) {
    products.push(await rpc.send(RPC.catalog.createProduct, { actorId: seller, product: listing(title) }));
  }
});

describe('favourites service', () => {
  it('adds idempotently and lists the products newest first', async () => {
    const [p1, p2] = products;
    expect(await idsOf(buyer)).toEqual([]);
    await rpc.send(RPC.favourites.add, { actorId: buyer, productId: p1.id });
    await new Promise((r) => setTimeout(r, 10));
    await rpc.send(RPC.favourites.add, { actorId: buyer, productId: p2.id });
    await rpc.send(RPC.favourites.add, { actorId: buyer, productId: p1.id });
    expect(await idsOf(buyer)).toEqual([p2.id, p1.id]);
    expect(await codeOf(rpc.send(RPC.favourites.list, { actorId: 'nope', limit: 10 }))).toBe(
      ErrorCode.ValidationFailed,
    );
  });

  it('lists whole products as catalog shows them, hearted, from the copy stored when favourited: catalog is not asked', async () => {
    // A product never listed in any tab before, so only `add` can have stored its card.
    const fresh = await rpc.send(RPC.catalog.createProduct, { actorId: seller, product: listing('Daruma doll') });
    const dana = (await rpc.send(RPC.identity.register, person('dana'))).id;
    await rpc.send(RPC.favourites.add, { actorId: dana, productId: fresh.id });
    const expected = [await favourited(fresh.id)];
    await apps[1].close();
    try {
      expect(await listOf(dana)).toEqual(expected);
    } finally {
      apps[1] = await startService(CATALOG, CatalogConfig, (c) => CatalogModule.register(c), infra);
    }
  });

  it('answers the JSON JSON.stringify writes of the page: each stored card hearted, its seller last, the cursor first', async () => {
    const erin = (await rpc.send(RPC.identity.register, person('erin'))).id;
    const ids: string[] = [];
    for (const title of ['Kokeshi doll', 'Furoshiki "wrapping" cloth \\ \u00e9t\u00e9']) {
      const product = await rpc.send(RPC.catalog.createProduct, { actorId: seller, product: listing(title) });
      await rpc.send(RPC.favourites.add, { actorId: erin, productId: product.id });
      ids.unshift(product.id);
    }
    const products = await Promise.all(
      ids.map(async (productId) => {
        const { seller: of, isFavorited: _heart, ...card } = await rpc.send(RPC.catalog.getProduct, { productId });
        return { ...card, isFavorited: true, seller: of };
      }),
    );
    const first = await rpc.sendSerialised(RPC.favourites.list, { actorId: erin, limit: 1 });
    const { nextCursor } = JSON.parse(first) as { nextCursor: string };
    expect(first).toBe(JSON.stringify({ nextCursor, products: [products[0]] }));
    expect(await rpc.sendSerialised(RPC.favourites.list, { actorId: erin, limit: 1, cursor: nextCursor })).toBe(
      JSON.stringify({ nextCursor: null, products: [products[1]] }),
    );
  });

  it("keeps the seller's name current on the cards, and an older profile event arriving late changes nothing", async () => {
    await rpc.send(RPC.identity.updateUser, {
      actorId: seller,
      userId: seller,
      changes: { firstName: 'Sakura-Mai', lastName: 'Test' },
    });
    await eventually(async () => {
      expect((await listOf(buyer)).map((p) => p.seller.firstName)).toEqual(['Sakura-Mai', 'Sakura-Mai']);
    });
    const nc = await connect({ servers: infra.natsUrl });
    await jetstream(nc).publish(
      EVENTS.identity.userRegistered,
      JSON.stringify({
        userId: seller,
        username: 'sakura',
        firstName: 'sakura',
        lastName: 'Test',
        avatar: null,
        location: null,
        isVerified: false,
        version: 1,
        occurredAt: new Date().toISOString(),
      }),
      { msgID: 'late-registration' },
    );
    await nc.close();
    await processed(infra, 'favourites', ['late-registration']);
    expect((await listOf(buyer)).map((p) => p.seller.firstName)).toEqual(['Sakura-Mai', 'Sakura-Mai']);
  });

  it('fills a card it does not have from catalog, and keeps it (favourites made before the copy existed)', async () => {
    const [p1, p2] = products;
    await infra.database.query(`DELETE FROM favourites.product_cards WHERE product_id = $1`, [p1.id]);
    await infra.database.query(`DELETE FROM favourites.sellers WHERE id = $1`, [seller]);
    expect(await listOf(buyer)).toEqual([await favourited(p2.id), await favourited(p1.id)]);
    expect(
      await infra.database.query(`SELECT card->>'title' AS title FROM favourites.product_cards WHERE product_id = $1`, [
        p1.id,
      ]),
    ).toEqual([{ title: 'Kokeshi doll' }]);
    expect(
      await infra.database.query(`SELECT first_name, version FROM favourites.sellers WHERE id = $1`, [seller]),
    ).toEqual([{ first_name: 'Sakura-Mai', version: 0 }]);
  });

  it('fetches again a card stored in an older shape of ProductDto, and stores it in the current one', async () => {
    const [p1, p2] = products;
    // As stored before shipsFrom existed: the field missing, no known shape.
    await infra.database.query(
      `UPDATE favourites.product_cards SET card = (card::jsonb - 'shipsFrom')::json, card_shape = '' WHERE product_id = $1`,
      [p1.id],
    );
    expect(await listOf(buyer)).toEqual([await favourited(p2.id), await favourited(p1.id)]);
    const [stored] = await infra.database.query<{ has: boolean; shape: string }>(
      `SELECT card::jsonb ? 'shipsFrom' AS has, card_shape AS shape FROM favourites.product_cards WHERE product_id = $1`,
      [p1.id],
    );
    expect(stored).toEqual({ has: true, shape: CARD_SHAPE });
  });

  it('fills a page of N cards it does not have with ONE catalog request', async () => {
    const nell = (await rpc.send(RPC.identity.register, person('nell'))).id;
    const listed: ProductDto[] = [];
    for (const title of ['Tenugui towel', 'Ema plaque', 'Omamori charm', 'Furin bell'])
      listed.push(await rpc.send(RPC.catalog.createProduct, { actorId: seller, product: listing(title) }));
    for (const product of listed) await rpc.send(RPC.favourites.add, { actorId: nell, productId: product.id });
    const expected = await listOf(nell);
    await infra.database.query(`DELETE FROM favourites.product_cards WHERE product_id = ANY($1::uuid[])`, [
      listed.map((p) => p.id),
    ]);

    // A plain subscription sees every request on the subject, besides the queue group that answers it.
    const nc = await connect({ servers: infra.natsUrl });
    const requests = { many: 0, one: 0 };
    nc.subscribe(RPC.catalog.getProductsByIds, { callback: () => void (requests.many += 1) });
    nc.subscribe(RPC.catalog.getProduct, { callback: () => void (requests.one += 1) });
    await nc.flush();
    try {
      expect(await listOf(nell)).toEqual(expected);
      await nc.flush();
      expect(requests).toEqual({ many: 1, one: 0 });
      // Stored: the next page asks nobody.
      expect(await listOf(nell)).toEqual(expected);
      await nc.flush();
      expect(requests).toEqual({ many: 1, one: 0 });
    } finally {
      await nc.close();
    }
  });

  it('answers which of a page of ids are favourited, per user', async () => {
    const ids = products.map((p) => p.id);
    expect(new Set(await rpc.send(RPC.favourites.favouritedAmong, { actorId: buyer, productIds: ids }))).toEqual(
      new Set([products[0].id, products[1].id]),
    );
    expect(await rpc.send(RPC.favourites.favouritedAmong, { actorId: other, productIds: ids })).toEqual([]);
    expect(await idsOf(other)).toEqual([]);
  });

  it('refuses unknown products with NOT_FOUND', async () => {
    expect(
      await codeOf(rpc.send(RPC.favourites.add, { actorId: buyer, productId: '00000000-0000-4000-8000-000000000000' })),
    ).toBe(ErrorCode.NotFound);
  });

  it('publishes added and removed events with growing versions', async () => {
    const p3 = products[2];
    await rpc.send(RPC.favourites.add, { actorId: other, productId: p3.id });
    await rpc.send(RPC.favourites.remove, { actorId: other, productId: p3.id });
    await rpc.send(RPC.favourites.remove, { actorId: other, productId: p3.id });
    await rpc.send(RPC.favourites.add, { actorId: other, productId: p3.id });
    await eventually(async () => {
      const added = await readStreamEvents<FavouriteChangedEvent>(infra, EVENTS.favourites.favouriteAdded);
      const removed = await readStreamEvents<FavouriteChangedEvent>(infra, EVENTS.favourites.favouriteRemoved);
      const mine = [...added, ...removed]
        .map((e) => e.data)
        .filter((e) => e.userId === other)
        .sort((a, b) => a.version - b.version);
      expect(mine.map((e) => [e.favourited, e.version])).toEqual([
        [true, 1],
        [false, 2],
        [true, 3],
      ]);
    });
  });

  it('drops a removed product from every list within seconds, and a replayed removal changes nothing', async () => {
    const p1 = products[0];
    await rpc.send(RPC.favourites.add, { actorId: other, productId: p1.id });
    await rpc.send(RPC.catalog.removeProduct, { actorId: seller, productId: p1.id });
    await eventually(async () => {
      expect(await idsOf(buyer)).not.toContain(p1.id);
      expect(await idsOf(other)).not.toContain(p1.id);
    });
    const nc = await connect({ servers: infra.natsUrl });
    await jetstream(nc).publish(
      EVENTS.catalog.productRemoved,
      JSON.stringify({ productId: p1.id, sellerId: seller, occurredAt: new Date().toISOString() }),
      { msgID: 'replayed-removal' },
    );
    await nc.close();
    await processed(infra, 'favourites', ['replayed-removal']);
    expect(await idsOf(buyer)).toEqual([products[1].id]);
    expect(await codeOf(rpc.send(RPC.favourites.add, { actorId: buyer, productId: p1.id }))).toBe(ErrorCode.NotFound);
    expect(
      await infra.database.query(`SELECT product_id FROM favourites.product_cards WHERE product_id = $1`, [p1.id]),
    ).toEqual([]);
  });

  it("follows support's decision on a favourited listing's documents: the stored card shows Checked", async () => {
    const product = await rpc.send(RPC.catalog.createProduct, {
      actorId: seller,
      product: { ...listing('Documented bowl'), provenance: { documents: ['https://example.com/receipt.jpg'] } },
    });
    const fan = (await rpc.send(RPC.identity.register, person('originfan'))).id;
    await rpc.send(RPC.favourites.add, { actorId: fan, productId: product.id });
    expect((await listOf(fan)).map((p) => p.originLevel)).toEqual(['documented']);
    const agent = (await rpc.send(RPC.identity.register, person('agent'))).id;
    await infra.database.query(`UPDATE identity.users SET role = 'support' WHERE id = $1`, [agent]);
    await rpc.send(RPC.catalog.decideProvenance, { actorId: agent, productId: product.id, decision: 'approve' });
    await eventually(async () => {
      expect(await listOf(fan)).toEqual([await favourited(product.id)]);
      expect((await listOf(fan))[0]?.originLevel).toBe('checked');
    });
  });

  it('holds the favourites of a sold product and gives them back when the sale is cancelled before shipping', async () => {
    const product = await rpc.send(RPC.catalog.createProduct, {
      actorId: seller,
      product: listing('Sold then relisted'),
    });
    const fan = (await rpc.send(RPC.identity.register, person('fan'))).id;
    const quitter = (await rpc.send(RPC.identity.register, person('quitter'))).id;
    await rpc.send(RPC.favourites.add, { actorId: fan, productId: product.id });
    await rpc.send(RPC.favourites.add, { actorId: quitter, productId: product.id });
    await rpc.send(RPC.favourites.remove, { actorId: quitter, productId: product.id });

    const nc = await connect({ servers: infra.natsUrl });
    const orderId = randomUUID();
    const at = () => new Date().toISOString();
    await jetstream(nc).publish(
      EVENTS.payments.orderPaid,
      JSON.stringify({
        orderId,
        productId: product.id,
        sellerId: seller,
        buyerUserId: null,
        amountCents: 2500,
        currency: 'usd',
        occurredAt: at(),
      }),
      { msgID: randomUUID() },
    );
    await eventually(async () => expect(await idsOf(fan)).not.toContain(product.id));
    expect(await codeOf(rpc.send(RPC.favourites.add, { actorId: quitter, productId: product.id }))).toBe(
      ErrorCode.NotFound,
    );

    await jetstream(nc).publish(
      EVENTS.payments.orderChanged,
      JSON.stringify({
        orderId,
        productId: product.id,
        sellerId: seller,
        buyerUserId: null,
        from: 'paid',
        to: 'cancelled',
        actor: 'seller',
        reason: 'Broken',
        occurredAt: at(),
      }),
      { msgID: randomUUID() },
    );
    await nc.close();
    await eventually(async () => expect(await listOf(fan)).toContainEqual(await favourited(product.id)));
    expect(await idsOf(quitter)).not.toContain(product.id);
    expect(await rpc.send(RPC.favourites.favouritedAmong, { actorId: fan, productIds: [product.id] })).toEqual([
      product.id,
    ]);
    // The list works on as before: removing it publishes a removal with a version above every earlier one.
    await rpc.send(RPC.favourites.remove, { actorId: fan, productId: product.id });
    expect(await idsOf(fan)).not.toContain(product.id);
  });

  it('pages through a long list newest first, favourites made in the same microsecond included, and refuses a bad cursor', async () => {
    const actorId = (await rpc.send(RPC.identity.register, person('pia'))).id;
    const listed: ProductDto[] = [];
    for (let i = 0; i < 7; i += 1)
      listed.push(await rpc.send(RPC.catalog.createProduct, { actorId: seller, product: listing(`Postcard ${i}`) }));
    for (const product of listed) await rpc.send(RPC.favourites.add, { actorId, productId: product.id });
    // Four of them share one timestamp, so only the product id orders them: a cursor on the time alone would skip some.
    await infra.database.query(
      `UPDATE favourites.favourites SET favourited_at = '2026-01-01T00:00:00.123456Z' WHERE user_id = $1 AND product_id = ANY($2::uuid[])`,
      [actorId, listed.slice(1, 5).map((p) => p.id)],
    );
    const expected = await idsOf(actorId);
    const tied = listed
      .slice(1, 5)
      .map((p) => p.id)
      .sort()
      .reverse();
    expect(expected).toEqual([listed[6].id, listed[5].id, listed[0].id, ...tied]);

    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await rpc.send(RPC.favourites.list, { actorId, limit: 3, ...(cursor ? { cursor } : {}) });
      pages.push(page.products.map((p) => p.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor && pages.length < 10);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(expected);

    // A list that ends exactly at a page's end has no next page.
    const exact = await rpc.send(RPC.favourites.list, { actorId, limit: 7 });
    expect({ ids: exact.products.map((p) => p.id), nextCursor: exact.nextCursor }).toEqual({
      ids: expected,
      nextCursor: null,
    });

    for (const bad of [
      'nope',
      Buffer.from('{"v":1,"k":{"favouritedAt":"yesterday","productId":"x"}}').toString('base64url'),
      // Each field is checked: a good product id does not carry a bad time into the query, nor the reverse.
      Buffer.from(`{"v":1,"k":{"favouritedAt":"yesterday","productId":"${randomUUID()}"}}`).toString('base64url'),
      Buffer.from('{"v":1,"k":{"favouritedAt":"2026-11-24T08:00:00.123456Z","productId":"x"}}').toString('base64url'),
      Buffer.from('[1]').toString('base64url'),
    ]) {
      const failure = await rpc.send(RPC.favourites.list, { actorId, limit: 3, cursor: bad }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(failure).toBeInstanceOf(DomainError);
      expect(failure).toMatchObject({ code: ErrorCode.ValidationFailed, message: 'Invalid cursor' });
    }
    expect(await codeOf(rpc.send(RPC.favourites.list, { actorId, limit: 0 }))).toBe(ErrorCode.ValidationFailed);
    expect(await codeOf(rpc.send(RPC.favourites.list, { actorId, limit: 101 }))).toBe(ErrorCode.ValidationFailed);
  });

  it("shows the seller's rating from reviews on the cards as catalog does, the newest version winning", async () => {
    const maker = (await rpc.send(RPC.identity.register, person('maker'))).id;
    const fanOfMaker = (await rpc.send(RPC.identity.register, person('follower'))).id;
    const product = await rpc.send(RPC.catalog.createProduct, { actorId: maker, product: listing('Rated bowl') });
    await rpc.send(RPC.favourites.add, { actorId: fanOfMaker, productId: product.id });
    expect((await listOf(fanOfMaker))[0].seller.rating).toBeNull();

    const nc = await connect({ servers: infra.natsUrl });
    const rating = async (version: number, average: number, count: number) => {
      const msgID = randomUUID();
      await jetstream(nc).publish(
        EVENTS.reviews.ratingChanged,
        JSON.stringify({ userId: maker, average, count, version, occurredAt: new Date().toISOString() }),
        { msgID },
      );
      return msgID;
    };
    try {
      await rating(2, 4.5, 2);
      await eventually(async () =>
        expect((await listOf(fanOfMaker))[0].seller.rating).toEqual({ average: 4.5, count: 2 }),
      );
      await eventually(async () => expect(await listOf(fanOfMaker)).toEqual([await favourited(product.id)]));
      await processed(infra, 'favourites', [await rating(1, 5, 1)]);
      expect((await listOf(fanOfMaker))[0].seller.rating).toEqual({ average: 4.5, count: 2 });
    } finally {
      await nc.close();
    }
  });

  it('removes a favourite', async () => {
    await rpc.send(RPC.favourites.remove, { actorId: buyer, productId: products[1].id });
    expect(await idsOf(buyer)).toEqual([]);
  });
});

import { getDataSourceToken } from '@nestjs/typeorm';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { EVENTS, RPC, type FavouriteChangedEvent, type ProductDto } from '@souvenir/contracts';
import { eventually, serviceSuite } from '@souvenir/testing';
import fc from 'fast-check';
import type { DataSource } from 'typeorm';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { CatalogConfig } from '../src/config/catalog.config';
import { FavouriteCountsService } from '../src/favourites/favourite-counts.service';

const sellerId = '11111111-1111-4111-8111-111111111111';
const users = ['a', 'b', 'c', 'd'].map((c) => `${c.repeat(8)}-0000-4000-8000-000000000000`);
let products: ProductDto[];

const listing = (title: string) => ({
  title,
  description: 'A carefully chosen souvenir from a long journey abroad.',
  price: 10,
  condition: 'good' as const,
  category: 'Collectibles',
  country: 'Peru',
  images: ['https://example.com/x.jpg'],
});
const event = (userId: string, productId: string, favourited: boolean, version: number): FavouriteChangedEvent => ({
  userId,
  productId,
  favourited,
  version,
  occurredAt: new Date().toISOString(),
});

const { infra, app, rpc } = serviceSuite(SERVICE_NAME, AppModule, CatalogConfig);

beforeAll(async () => {
  const nc = await connect({ servers: infra.natsUrl });
  await jetstream(nc).publish(
    EVENTS.identity.userRegistered,
    JSON.stringify({
      userId: sellerId,
      username: 'inti',
      firstName: 'Inti',
      lastName: 'Quispe',
      avatar: null,
      location: 'Peru',
      isVerified: true,
      version: 1,
      occurredAt: new Date().toISOString(),
    }),
    { msgID: 'seller-registered' },
  );
  await nc.close();
  await eventually(() =>
    infra.database
      .query(`SELECT 1 FROM catalog.sellers WHERE id = $1`, [sellerId])
      .then((r) => expect(r).toHaveLength(1)),
  );
  products = [];
  for (const title of ['Alpaca scarf', 'Clay bull of Pucara', 'Chullo hat'])
    products.push(await rpc.send(RPC.catalog.createProduct, { actorId: sellerId, product: listing(title) }));
});

describe('favourite counts and Most Popular', () => {
  it('counts hearts from favourites events and sorts by them', async () => {
    const [scarf, bull, hat] = products;
    const nc = await connect({ servers: infra.natsUrl });
    const js = jetstream(nc);
    const publish = (e: FavouriteChangedEvent, id: string) =>
      js.publish(
        e.favourited ? EVENTS.favourites.favouriteAdded : EVENTS.favourites.favouriteRemoved,
        JSON.stringify(e),
        { msgID: id },
      );
    await publish(event(users[0], bull.id, true, 1), 'e1');
    await publish(event(users[1], bull.id, true, 1), 'e2');
    await publish(event(users[0], hat.id, true, 1), 'e3');
    // user c's removal (v2) arrives before their add (v1): the add must not count afterwards.
    await publish(event(users[2], scarf.id, false, 2), 'e4');
    await publish(event(users[2], scarf.id, true, 1), 'e5');
    await publish(event(users[1], bull.id, true, 1), 'e2-replayed-with-new-id');
    await nc.close();
    await eventually(async () => {
      const counts = await infra.database.query<{ title: string; favorite_count: number }>(
        `SELECT title, favorite_count FROM catalog.products ORDER BY title`,
      );
      expect(counts).toEqual([
        { title: 'Alpaca scarf', favorite_count: 0 },
        { title: 'Chullo hat', favorite_count: 1 },
        { title: 'Clay bull of Pucara', favorite_count: 2 },
      ]);
      // Every event has been consumed (5 distinct ids plus the replay).
      const [{ n }] = await infra.database.query<{ n: string }>(
        `SELECT count(*) AS n FROM catalog.processed_events WHERE subject LIKE 'events.favourites.%'`,
      );
      expect(Number(n)).toBe(6);
    });
    const page = await rpc.send(RPC.catalog.listProducts, { query: { sort: 'popular' } });
    expect(page.items.map((p) => p.title)).toEqual(['Clay bull of Pucara', 'Chullo hat', 'Alpaca scarf']);
  });

  it('ends at the same count for any order and duplication of the same events (property)', async () => {
    const counts = app.get(FavouriteCountsService);
    const dataSource = app.get<DataSource>(getDataSourceToken());
    const product = products[0].id;
    // Each user's history: a toggle sequence; its events carry versions 1..n. Expected: users whose last state is on.
    const histories = fc.array(fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }), {
      minLength: 1,
      maxLength: users.length,
    });
    await fc.assert(
      fc.asyncProperty(histories, fc.infiniteStream(fc.nat()), async (perUser, randomness) => {
        await dataSource.query(`DELETE FROM catalog.favourite_states WHERE product_id = $1`, [product]);
        await dataSource.query(`UPDATE catalog.products SET favorite_count = 0 WHERE id = $1`, [product]);
        const events = perUser.flatMap((states, u) => states.map((on, i) => event(users[u], product, on, i + 1)));
        const rng = randomness[Symbol.iterator]();
        const delivered = [...events, ...events.filter(() => rng.next().value % 2 === 0)]
          .map((e) => ({ e, key: rng.next().value }))
          .sort((x, y) => x.key - y.key)
          .map(({ e }) => e);
        for (const e of delivered) await dataSource.transaction((m) => counts.apply(e, m));
        const [{ favorite_count }] = await dataSource.query(
          `SELECT favorite_count FROM catalog.products WHERE id = $1`,
          [product],
        );
        expect(favorite_count).toBe(perUser.filter((states) => states[states.length - 1]).length);
      }),
      { numRuns: 40 },
    );
  });
});

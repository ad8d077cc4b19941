import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import {
  BROWSE_CATEGORIES,
  EVENTS,
  RPC,
  type CreateProductDto,
  type UserProfileChangedEvent,
} from '@souvenir/contracts';
import { eventually, serviceSuite } from '@souvenir/testing';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { CatalogConfig } from '../src/config/catalog.config';
import { ProductCountCache } from '../src/products/product-list-caches';

// The Categories page's counts, counted by catalog with the `categories` filter's own SQL (real Postgres and NATS).

let seller: string;

const { infra, app, rpc, nc } = serviceSuite(SERVICE_NAME, AppModule, CatalogConfig, {
  env: { RPC_TIMEOUT_MS: '1500' },
});

beforeAll(async () => {
  seller = randomUUID();
  const event: UserProfileChangedEvent = {
    userId: seller,
    username: `u${seller.slice(0, 8)}`,
    firstName: 'Aiko',
    lastName: 'Mori',
    avatar: null,
    location: 'Canada',
    isVerified: false,
    version: 1,
    occurredAt: new Date().toISOString(),
  };
  await jetstream(nc).publish(EVENTS.identity.userRegistered, JSON.stringify(event), { msgID: randomUUID() });
  await eventually(async () =>
    expect(await infra.database.query(`SELECT 1 FROM catalog.sellers WHERE id = $1`, [seller])).toHaveLength(1),
  );
  const items: [string, string, string][] = [
    ['Chullo knitted hat', 'Hat with ear flaps knitted on Taquile island.', 'Clothing'],
    ['Pashmina shawl', 'Fine shawl woven in Srinagar, soft as a cloud.', 'Clothing'],
    ['Hand-woven silk scarf', 'Silk scarf from Surin province, teal and gold.', 'Textiles'],
    ['Iznik tulip tile', 'Hand-painted ceramic tile with tulips and carnations.', 'Art & Crafts'],
    ['Barcelos rooster', 'Painted ceramic rooster, the symbol of Portugal.', 'Collectibles'],
    ['Talavera vase', 'Cobalt and yellow vase from Puebla, decorative.', 'Home Decor'],
    ['Vintage pop culture poster', 'Original cinema poster of a cult film from Rome.', 'Collectibles'],
    ['Turkish delight box', 'Rose and pistachio lokum from Istanbul, sealed.', 'Food & Drinks'],
  ];
  for (const [title, description, category] of items) {
    const product: CreateProductDto = {
      title,
      description: `${description} Brought home with care.`,
      price: 20,
      originalPrice: null,
      condition: 'new',
      category,
      country: 'Portugal',
      images: ['https://img.example.com/item.jpg'],
      isCustomsVerified: false,
    };
    await rpc.send(RPC.catalog.createProduct, { actorId: seller, product });
  }
});

async function titles(categories: string[]): Promise<string[]> {
  const page = await rpc.send(RPC.catalog.listProducts, { query: { categories, limit: 100 } });
  expect(page.totalCount).toBe(page.items.length);
  return page.items.map((p) => p.title).sort();
}

describe('browse categories', () => {
  it('counts every card on the server, each count the total its link shows', async () => {
    const counts = await rpc.send(RPC.catalog.countBrowseCategories, {});
    expect(counts.map((c) => c.name)).toEqual([...BROWSE_CATEGORIES]);
    const byName = Object.fromEntries(counts.map((c) => [c.name, c.count]));
    expect(byName).toMatchObject({
      'Fashion & Accessories': 2, // hats and shawls listed under Clothing
      'Textiles & Fabrics': 1,
      'Ceramics & Pottery': 2, // by its term, whatever their sell category
      'Antiques & Collectibles': 2,
      'Pop Culture & Entertainment': 1,
      'Food & Confectionery': 1,
      'Home Decor': 2, // Home Decor and Textiles
      'Music & Instruments': 0,
    });
    for (const { name, count } of counts) {
      const page = await rpc.send(RPC.catalog.listProducts, { query: { categories: [name], limit: 100 } });
      expect([name, page.totalCount, page.items.length]).toEqual([name, count, count]);
    }
  });

  it('filters by a browse name through the mapping, and by any other name exactly', async () => {
    expect(await titles(['Fashion & Accessories'])).toEqual(['Chullo knitted hat', 'Pashmina shawl']);
    expect(await titles(['Ceramics & Pottery'])).toEqual(['Barcelos rooster', 'Iznik tulip tile']);
    expect(await titles(['Home Decor'])).toEqual(['Hand-woven silk scarf', 'Talavera vase']);
    expect(await titles(['Textiles'])).toEqual(['Hand-woven silk scarf']);
    expect(await titles(['Clothing', 'Food & Drinks'])).toEqual([
      'Chullo knitted hat',
      'Pashmina shawl',
      'Turkish delight box',
    ]);
    expect(await titles(['Nothing like this'])).toEqual([]);
  });

  it('counts past the lists\' bound as "1,000+", like the total of the browse it links to', async () => {
    await infra.database.query(
      `
      INSERT INTO catalog.products (id, seller_id, title, description, price, condition, category, country, images, is_customs_verified, status, favorite_count)
      SELECT gen_random_uuid(), $1, 'Woven belt ' || i, 'A woven belt from the Andes, brought home.', 15, 'new', 'Clothing', 'Peru',
             ARRAY['https://img.example.com/belt.jpg'], false, 'active', 0
        FROM generate_series(1, 1000) i`,
      [seller],
    );
    app.get(ProductCountCache).forgetAll();
    const fashion = (await rpc.send(RPC.catalog.countBrowseCategories, {})).find(
      (c) => c.name === 'Fashion & Accessories',
    );
    expect(fashion).toEqual({ name: 'Fashion & Accessories', count: 1000, countIsLowerBound: true });
    const page = await rpc.send(RPC.catalog.listProducts, {
      query: { categories: ['Fashion & Accessories'], limit: 1 },
    });
    expect(page).toMatchObject({ totalCount: 1000, totalIsLowerBound: true });
    await infra.database.query(`DELETE FROM catalog.products WHERE title LIKE 'Woven belt %'`);
    app.get(ProductCountCache).forgetAll();
  });

  it('counts a new listing at once on the replica that listed it', async () => {
    const before = (await rpc.send(RPC.catalog.countBrowseCategories, {})).find(
      (c) => c.name === 'Music & Instruments',
    )!.count;
    await rpc.send(RPC.catalog.createProduct, {
      actorId: seller,
      product: {
        title: 'Thai khim dulcimer',
        description: 'A small hammered music instrument with a carved case.',
        price: 90,
        originalPrice: null,
        condition: 'good',
        category: 'Collectibles',
        country: 'Thailand',
        images: ['https://img.example.com/khim.jpg'],
        isCustomsVerified: true,
      },
    });
    const after = (await rpc.send(RPC.catalog.countBrowseCategories, {})).find(
      (c) => c.name === 'Music & Instruments',
    )!.count;
    expect(after).toBe(before + 1);
  });
});

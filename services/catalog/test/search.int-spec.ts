import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import {
  EVENTS,
  RPC,
  type CreateProductDto,
  type ProductQueryDto,
  type UserProfileChangedEvent,
} from '@souvenir/contracts';
import { eventually, serviceSuite } from '@souvenir/testing';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { CatalogConfig } from '../src/config/catalog.config';
import { FirstPageCache, ProductCountCache } from '../src/products/product-list-caches';
import { ProductsRepository } from '../src/products/products.repository';
import { TOTAL_COUNT_BOUND } from '../src/search/product-search';

// Search as a shopper means it: stemmed words, country and category, ranked tiers, "Did you mean",
// and totals counted up to a bound.

let seller: string;

const { infra, app, rpc, nc } = serviceSuite(SERVICE_NAME, AppModule, CatalogConfig, {
  env: { RPC_TIMEOUT_MS: '1500' },
});

beforeAll(async () => {
  seller = randomUUID();
  const event: UserProfileChangedEvent = {
    userId: seller,
    username: 'search-seller',
    firstName: 'Aiko',
    lastName: 'Sato',
    avatar: null,
    location: 'United States',
    isVerified: false,
    version: 1,
    occurredAt: new Date().toISOString(),
  };
  await jetstream(nc).publish(EVENTS.identity.userRegistered, JSON.stringify(event), { msgID: randomUUID() });
  await eventually(async () =>
    expect(await infra.database.query(`SELECT 1 FROM catalog.sellers WHERE id = $1`, [seller])).toHaveLength(1),
  );
});

function create(product: Partial<CreateProductDto> & Pick<CreateProductDto, 'title'>) {
  return rpc.send(RPC.catalog.createProduct, {
    actorId: seller,
    product: {
      description: 'Brought back from a long journey, wrapped with care.',
      price: 25,
      originalPrice: null,
      condition: 'new',
      category: 'Home Decor',
      country: 'Portugal',
      images: ['https://img.example.com/p.jpg'],
      isCustomsVerified: false,
      ...product,
    },
  });
}

function list(query: ProductQueryDto) {
  return rpc.send(RPC.catalog.listProducts, { query: { limit: 100, ...query } });
}

async function titles(query: ProductQueryDto): Promise<string[]> {
  return (await list(query)).items.map((p) => p.title);
}

async function clearProducts(): Promise<void> {
  await infra.database.query(`TRUNCATE catalog.products`);
  app.get(ProductCountCache).forgetAll();
  app.get(FirstPageCache).forgetAll();
}

describe('search', () => {
  beforeAll(async () => {
    await clearProducts();
    // Oldest first: the ranking test shows that a better tier beats recency.
    await create({ title: 'Kyoto ceramic tea bowl', category: 'Art & Crafts', country: 'Japan' });
    await create({ title: 'Silk scarf', category: 'Clothing', country: 'Thailand' });
    await create({ title: 'Wool Scarves, set of two', category: 'Clothing', country: 'Ireland' });
    await create({ title: 'Folding paper fan', category: 'Art & Crafts', country: 'Japan' });
    await create({ title: 'Japanese indigo cushion cover', category: 'Textiles', country: 'Japan' });
    await create({
      title: 'Café au lait bowls',
      description: 'Two bowls, as served in Lyon, bought after a trip to Japan.',
      country: 'France',
    });
  });

  it('matches the country and the category as well as the title and description', async () => {
    expect(await titles({ search: 'japan', sort: 'price_asc' })).toHaveLength(4);
    expect((await list({ search: 'japan' })).totalCount).toBe(4);
    expect(await titles({ search: 'clothing' })).toEqual(['Wool Scarves, set of two', 'Silk scarf']);
    expect(await titles({ search: 'thailand silk' })).toEqual(['Silk scarf']);
  });

  it('matches plurals and singulars (English stemming, "-ves" plurals too), with accents folded', async () => {
    expect(await titles({ search: 'tea bowls' })).toEqual(['Kyoto ceramic tea bowl']);
    expect(await titles({ search: 'scarves' })).toEqual(['Wool Scarves, set of two', 'Silk scarf']);
    expect(await titles({ search: 'scarf' })).toEqual(['Wool Scarves, set of two', 'Silk scarf']);
    expect(await titles({ search: 'fans' })).toEqual(['Folding paper fan']);
    expect(await titles({ search: 'CAFE bowl' })).toEqual(['Café au lait bowls']);
    // Partial words still match while typing, from three letters; shorter words match whole words only.
    expect(await titles({ search: 'cush' })).toEqual(['Japanese indigo cushion cover']);
    expect(await titles({ search: 'cu' })).toEqual([]);
    expect(await titles({ search: 'au lait' })).toEqual(['Café au lait bowls']);
  });

  it('ranks every word in the title first, then in the title, category or country, then anywhere; newest first within each', async () => {
    expect(await titles({ search: 'japan' })).toEqual([
      'Japanese indigo cushion cover', // title
      'Folding paper fan',
      'Kyoto ceramic tea bowl', // country, newest first
      'Café au lait bowls', // description only, although the newest
    ]);
    // Ranked pages walk the tiers without repeats or gaps.
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await rpc.send(RPC.catalog.listProducts, {
        query: { search: 'japan', limit: 1, ...(cursor ? { cursor } : {}) },
      });
      ids.push(...page.items.map((p) => p.title));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(ids).toEqual(await titles({ search: 'japan' }));
  });

  it('suggests the words a typo stood for when a search finds nothing, and runs no suggestion otherwise', async () => {
    const typo = await list({ search: 'japn' });
    expect(typo.items).toEqual([]);
    expect(typo.suggestion).toBe('japan');
    expect((await list({ search: 'silk scraf' })).suggestion).toBe('silk scarf');
    expect((await list({ search: 'Kyotto bowl' })).suggestion).toBe('kyoto bowl');
    // Known words that never meet, or nothing near: no suggestion.
    expect((await list({ search: 'silk bowl' })).suggestion).toBeUndefined();
    expect((await list({ search: 'submarine' })).suggestion).toBeUndefined();
    // A suggestion must find something with the same filters.
    expect((await list({ search: 'japn', country: 'Ireland' })).suggestion).toBeUndefined();
    // Results: no suggestion.
    expect((await list({ search: 'japan' })).suggestion).toBeUndefined();
    // Its own plural or singular, which stems alike and finds the same nothing: no suggestion, and no check of one.
    const checks = jest.spyOn(app.get(ProductsRepository), 'countUpTo');
    expect((await list({ search: 'cushions', country: 'Ireland' })).suggestion).toBeUndefined();
    expect((await list({ search: 'foldings', country: 'Ireland' })).suggestion).toBeUndefined();
    expect(checks).not.toHaveBeenCalled();
    checks.mockRestore();
  });

  it('knows from the lexeme counts alone when one word matches nothing, and never takes a word that matches for one', async () => {
    // A word no product holds a lexeme starting like: nothing, as counting says with filters or other words.
    expect(await list({ search: 'submarine' })).toMatchObject({ items: [], totalCount: 0 });
    expect(await list({ search: 'japan submarine', country: 'Japan' })).toMatchObject({ items: [], totalCount: 0 });
    // A stop word drops out of the query and proves nothing.
    expect((await list({ search: 'the japan' })).totalCount).toBe(4);
    // A prefix of a lexeme, a word whose stem is shorter than itself, a description's word: all match.
    expect((await list({ search: 'japa' })).totalCount).toBe(4);
    expect((await list({ search: 'cushio' })).totalCount).toBe(1);
    expect((await list({ search: 'served' })).totalCount).toBe(1);
    expect((await list({ search: 'BOWLS' })).totalCount).toBe(2);
  });
});

describe('a search in a price range', () => {
  // Prices on and around the price bands' bounds (migration 1736600000000): 1, 50, 60, 160, 180, 10,000.
  const PRICES = [0.5, 1, 1.99, 49.99, 50, 54, 59.99, 60, 159.99, 160, 168, 180, 9999.99, 10000, 12000];

  beforeAll(async () => {
    await clearProducts();
    for (const price of PRICES) await create({ title: `Brass lamp at ${price}`, price });
    await create({ title: 'Clay jar at 55', price: 55 });
  });

  it('finds exactly the matches in the range, whether its prices are read by band or tested one by one', async () => {
    const ranges: [number, number][] = [
      [50, 60], // narrow: two bands, both ends on a bound
      [49.99, 59.99],
      [54, 168],
      [0.5, 1.99],
      [160, 160],
      [10000, 12000],
      [60, 50], // impossible: nothing
      [1, 10000], // wide: each match's price tested
      [0, 55],
    ];
    for (const [minPrice, maxPrice] of ranges) {
      const found = (await list({ search: 'lamps', minPrice, maxPrice, sort: 'price_asc' })).items.map((p) =>
        Number(p.price),
      );
      expect({ minPrice, maxPrice, found }).toEqual({
        minPrice,
        maxPrice,
        found: PRICES.filter((price) => price >= minPrice && price <= maxPrice),
      });
    }
    expect((await list({ search: 'lamp', minPrice: 100 })).totalCount).toBe(PRICES.filter((p) => p >= 100).length);
  });

  it('keeps a narrow range to its country and categories, read as filter keys', async () => {
    // Other categories and countries (every lamp above is Home Decor from Portugal).
    await create({ title: 'Brass lamp from Japan', price: 55, country: 'Japan' });
    await create({ title: 'Brass lamp to wear', price: 56, category: 'Clothing' });
    await create({
      title: 'Brass lamp, fashion',
      price: 57,
      category: 'Jewelry',
      description: 'Fashion for a room, from the old market.',
    });
    const inRange = (query: ProductQueryDto) =>
      titles({ search: 'lamps', minPrice: 50, maxPrice: 60, sort: 'price_asc', ...query });
    expect(await inRange({ country: 'Japan' })).toEqual(['Brass lamp from Japan']);
    expect(await inRange({ country: 'Portugal', categories: ['Home Decor'] })).toEqual([
      'Brass lamp at 50',
      'Brass lamp at 54',
      'Brass lamp at 59.99',
      'Brass lamp at 60',
    ]);
    expect(await inRange({ categories: ['Clothing', 'Jewelry'] })).toEqual([
      'Brass lamp to wear',
      'Brass lamp, fashion',
    ]);
    // A category with a term (Fashion & Accessories: Clothing, or "fashion" anywhere) is an OR, not a key.
    expect(await inRange({ categories: ['Fashion & Accessories'] })).toEqual([
      'Brass lamp to wear',
      'Brass lamp, fashion',
    ]);
    expect(await inRange({ country: 'Japan', categories: ['Clothing'] })).toEqual([]);
  });
});

/** Lexemes whose counts (anywhere, in titles) differ from the active products' own: always none. */
async function staleLexemeCounts(): Promise<number> {
  const [{ stale }] = (await infra.database.query(`
    SELECT count(*)::int AS stale FROM catalog.search_lexemes l
      FULL JOIN (SELECT lexeme, count(*)::int AS active
                   FROM catalog.products p, unnest(tsvector_to_array(p.search_doc)) lexeme
                  WHERE p.status = 'active' GROUP BY lexeme) a USING (lexeme)
      FULL JOIN (SELECT lexeme, count(*)::int AS in_titles
                   FROM catalog.products p, unnest(tsvector_to_array(p.title_doc)) lexeme
                  WHERE p.status = 'active' GROUP BY lexeme) t USING (lexeme)
     WHERE coalesce(l.active, 0) <> coalesce(a.active, 0) OR coalesce(l.in_titles, 0) <> coalesce(t.in_titles, 0)`)) as {
    stale: number;
  }[];
  return stale;
}

describe('totals', () => {
  beforeAll(async () => {
    await clearProducts();
    await infra.database.query(
      `
      INSERT INTO catalog.products (seller_id, title, description, price, condition, category, country, images)
      SELECT $1, CASE WHEN g % 100 = 0 THEN 'Brass lantern ' ELSE 'Clay jar ' END || g, 'Made by hand.', 10, 'new', 'Home Decor', 'Morocco',
             ARRAY['https://img.example.com/j.jpg']
        FROM generate_series(1, $2::int) g`,
      [seller, TOTAL_COUNT_BOUND + 50],
    );
  });

  it('counts exactly up to the bound and says when more match', async () => {
    const all = await list({ limit: 5 });
    expect(all.totalCount).toBe(TOTAL_COUNT_BOUND);
    expect(all.totalIsLowerBound).toBe(true);
    const jars = await list({ search: 'clay jars', limit: 5 });
    expect(jars.totalCount).toBe(TOTAL_COUNT_BOUND);
    expect(jars.totalIsLowerBound).toBe(true);
    const lanterns = await list({ search: 'lanterns', limit: 5 });
    expect(lanterns.totalCount).toBe(Math.floor((TOTAL_COUNT_BOUND + 50) / 100));
    expect(lanterns.totalIsLowerBound).toBeUndefined();
  });

  it('skips the title tier of a ranked word no title holds, and walks it again once a title does', async () => {
    const newest = async (where: string) =>
      (
        (await infra.database.query(
          `SELECT id FROM catalog.products WHERE status = 'active' AND ${where} ORDER BY created_at DESC, id DESC LIMIT 5`,
        )) as { id: string }[]
      ).map((r) => r.id);
    // Which tiers a page walked (by window or through the index), read off the repository as it runs.
    const readMatches = jest.spyOn(
      app.get(ProductsRepository) as unknown as { readMatches: (...args: unknown[]) => unknown },
      'readMatches',
    );
    let walked: unknown[] = [];
    const ids = async (search: string, filters: Record<string, unknown> = {}) => {
      app.get(ProductCountCache).forgetAll();
      app.get(FirstPageCache).forgetAll();
      readMatches.mockClear();
      const page = await list({ search, limit: 5, ...filters });
      walked = readMatches.mock.calls.map((args) => args[3]);
      expect(page.totalIsLowerBound).toBe(true);
      return page.items.map((p) => p.id);
    };
    // Morocco is every product's country and no title's word: the first page is the country's tier, newest first,
    // and the title tier is not walked, whether the lexeme counts prove it apart (the word alone) or in the count
    // (with a filter).
    const countryTier = await newest(`country = 'Morocco'`);
    expect(await ids('morocco')).toEqual(countryTier);
    expect(walked).toEqual([1]);
    expect(await ids('morocco', { maxPrice: 20 })).toEqual(countryTier);
    expect(walked).toEqual([1]);
    // A word in the titles still ranks them first (a wrong proof would skip them and find nothing in the lower tiers).
    expect(await ids('clay')).toEqual(await newest(`title LIKE 'Clay jar %'`));
    expect(walked).toEqual([2]);
    expect(await ids('clay', { country: 'Morocco' })).toEqual(await newest(`title LIKE 'Clay jar %'`));
    expect(walked).toEqual([2]);
    // A title that names the country: its product leads again, as the counts follow the title.
    const [{ id }] = (await infra.database.query(
      `UPDATE catalog.products SET title = 'Morocco ' || title
        WHERE id = (SELECT id FROM catalog.products WHERE status = 'active' ORDER BY created_at, id LIMIT 1) RETURNING id`,
    )) as { id: string }[];
    expect((await ids('morocco'))[0]).toBe(id);
    expect((await ids('morocco', { maxPrice: 20 }))[0]).toBe(id);
    expect(await staleLexemeCounts()).toBe(0);
    readMatches.mockRestore();
  });

  it('proves a one-word total past the bound from the lexeme counts, which follow sales exactly', async () => {
    const jars = () => list({ search: 'jar', limit: 5 });
    // 1,040 active jars: past the bound without counting them.
    expect(await jars()).toMatchObject({ totalCount: TOTAL_COUNT_BOUND, totalIsLowerBound: true });
    // Down to exactly the bound: no lexeme proves more any longer, and the count says how many.
    await infra.database.query(
      `UPDATE catalog.products SET status = 'sold'
        WHERE id IN (SELECT id FROM catalog.products WHERE title LIKE 'Clay jar %' ORDER BY title LIMIT 40)`,
    );
    app.get(ProductCountCache).forgetAll();
    app.get(FirstPageCache).forgetAll();
    const exact = await jars();
    expect(exact.totalCount).toBe(TOTAL_COUNT_BOUND);
    expect(exact.totalIsLowerBound).toBeUndefined();
    expect(await staleLexemeCounts()).toBe(0);
  });

  it('learns the words of products listed in bulk, for suggestions', async () => {
    expect((await list({ search: 'lantren' })).suggestion).toBe('lantern');
  });
});

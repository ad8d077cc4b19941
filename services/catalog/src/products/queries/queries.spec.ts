import type { ProductSort } from '@souvenir/contracts';
import type { CursorKey } from '../../search/product-cursor';
import { SEARCH_WINDOW_ROWS } from '../../search/product-search';
import * as browse from './browse-statements';
import type { Statement } from '../../database/params';
import { filtersInSortIndexes, type ProductFilters } from './product-filters';
import * as products from './product-statements';
import { searchRead, tiersToWalk } from '../../search/search-plan';
import type { TierMatch } from '../../search/search-query';
import { nearestTerms } from '../../search/suggestion';
import { PreparedStatementsByText } from './statement-cache';

// Every statement catalog sends for products, rendered with its values (no database): a change to a query shows up
// in the snapshot (__snapshots__/queries.spec.ts.snap) for review. The statement texts were measured (bench/README.md).

const SORTS: ProductSort[] = ['recent', 'price_asc', 'price_desc', 'popular'];
const AT = '2026-01-02T03:04:05.123456Z';
const ID = '11111111-1111-4111-8111-111111111111';

/** A cursor key after a row of this sort (and tier). */
function keyAfter(sort: ProductSort, tier?: 0 | 1 | 2): CursorKey {
  return {
    id: ID,
    createdAt: AT,
    ...(sort === 'price_asc' || sort === 'price_desc' ? { price: '12.50' } : {}),
    ...(sort === 'popular' ? { favoriteCount: 7 } : {}),
    ...(tier === undefined ? {} : { tier }),
  };
}

const UNFILTERED: ProductFilters = { searchWords: null };
/** Every browse filter at once (categories: a sell category and a term), location joining the sellers. */
const FILTERED: ProductFilters = {
  searchWords: null,
  country: 'Japan',
  minPrice: 20,
  maxPrice: 80,
  categories: ['Fashion & Accessories', 'Ceramics & Pottery'],
  condition: 'new',
  location: 'United Kingdom',
  contents: ['coral', 'shell'],
  documentedOrigin: true,
};
const SEARCH: ProductFilters = { searchWords: ['vase'] };
/** Words that show each form of a term: a prefix, a "-ves" plural with its singulars, a short whole word. */
const SEARCH_WORDS: ProductFilters = { searchWords: ['ceramic', 'scarves', 'ab'] };
const SEARCH_FILTERED: ProductFilters = { searchWords: ['vase'], country: 'France', minPrice: 10, location: 'Paris' };

function render(statement: Statement): string {
  return `${statement.text.trim()}\n-- values: ${JSON.stringify(statement.values)}`;
}

function renderPrepared(statement: { name: string; text: string }, values: unknown[]): string {
  return `-- prepared as ${statement.name}\n${render({ text: statement.text, values })}`;
}

describe('browse pages: one statement per sort, first page and after a cursor', () => {
  for (const [name, filters] of [
    ['unfiltered (prepared: see PreparedStatementsByText)', UNFILTERED],
    ['every filter', FILTERED],
  ] as const)
    for (const sort of SORTS)
      it(`${name}, ${sort}`, () => {
        expect(render(browse.browsePage(filters, sort, null, 25))).toMatchSnapshot('first page');
        expect(render(browse.browsePage(filters, sort, keyAfter(sort), 25))).toMatchSnapshot('after a cursor');
      });
});

describe('search pages with few matches (all read through the GIN index)', () => {
  for (const sort of SORTS.filter((s) => s !== 'recent'))
    it(sort, () => {
      expect(render(browse.fewMatchesPage(SEARCH, sort, null, 25))).toMatchSnapshot('first page');
      expect(render(browse.fewMatchesPage(SEARCH, sort, keyAfter(sort), 25))).toMatchSnapshot('after a cursor');
    });

  it('recent: ranked by tier', () => {
    expect(render(browse.fewMatchesRankedPage(SEARCH, null, 25))).toMatchSnapshot('first page');
    expect(render(browse.fewMatchesRankedPage(SEARCH, keyAfter('recent', 1), 25))).toMatchSnapshot('after a cursor');
  });

  it('with filters', () => {
    expect(render(browse.fewMatchesRankedPage(SEARCH_FILTERED, null, 25))).toMatchSnapshot('ranked');
    expect(render(browse.fewMatchesPage(SEARCH_FILTERED, 'price_asc', null, 25))).toMatchSnapshot('price_asc');
  });
});

describe('a search page whose total is not known yet: counted up to the bound, and its page when few match', () => {
  it('recent: ranked by tier', () => {
    expect(render(browse.countedFewMatchesPage(SEARCH, 'recent', null, 25, 1000))).toMatchSnapshot('first page');
    expect(render(browse.countedFewMatchesPage(SEARCH, 'recent', keyAfter('recent', 1), 25, 1000))).toMatchSnapshot(
      'after a cursor',
    );
  });

  it('another sort, and with filters', () => {
    expect(render(browse.countedFewMatchesPage(SEARCH, 'price_asc', keyAfter('price_asc'), 25, 1000))).toMatchSnapshot(
      'price_asc after a cursor',
    );
    expect(render(browse.countedFewMatchesPage(SEARCH_FILTERED, 'popular', null, 25, 1000))).toMatchSnapshot(
      'popular, filtered',
    );
    // A country and categories only: GIN reads them with the words, so the words take exact lexemes, but the total
    // is counted (the lexeme counts know nothing of the filters).
    expect(
      render(
        browse.countedFewMatchesPage(
          { searchWords: ['vase'], country: 'Japan', categories: ['Art & Crafts'] },
          'recent',
          null,
          25,
          1000,
        ),
      ),
    ).toMatchSnapshot('recent, a country and a category');
  });

  it('what the lexeme counts prove of one word without filters is proven first, apart', () => {
    expect(render(browse.lexemeProofs(SEARCH, 1000)!)).toMatchSnapshot('one word: no match, or past the bound');
    expect(render(browse.lexemeProofs({ searchWords: ['scarves'] }, 1000)!)).toMatchSnapshot(
      'a -ves plural: past the bound through each form; no match not attempted',
    );
    // Filters, several words, a word of other letters, no words: the count statement runs alone.
    expect(browse.lexemeProofs(SEARCH_FILTERED, 1000)).toBeNull();
    expect(browse.lexemeProofs(SEARCH_WORDS, 1000)).toBeNull();
    expect(browse.lexemeProofs({ searchWords: ['café'] }, 1000)).toBeNull();
    expect(browse.lexemeProofs({ searchWords: null }, 1000)).toBeNull();
  });
});

describe('search pages with many matches: a window of the sort, then the rest through the GIN index', () => {
  const tiered: [ProductSort, TierMatch][] = [
    ['recent', 2],
    ['recent', 1],
    ['recent', 0],
    ['price_asc', undefined],
    ['price_desc', undefined],
    ['popular', undefined],
  ];
  for (const [sort, tier] of tiered)
    it(`${sort}${tier === undefined ? '' : `, tier ${tier}`}`, () => {
      const after = keyAfter(sort, tier);
      expect(render(browse.searchWindowPage(SEARCH, sort, null, tier, 25, SEARCH_WINDOW_ROWS))).toMatchSnapshot(
        'window, first page',
      );
      expect(render(browse.searchWindowPage(SEARCH, sort, after, tier, 25, SEARCH_WINDOW_ROWS))).toMatchSnapshot(
        'window, after a cursor',
      );
      expect(render(browse.matchesByIndexPage(SEARCH, sort, after, tier, 25))).toMatchSnapshot(
        'after the window, through the index',
      );
    });

  it('with filters', () => {
    expect(render(browse.searchWindowPage(SEARCH_FILTERED, 'recent', null, 2, 25, SEARCH_WINDOW_ROWS))).toMatchSnapshot(
      'window',
    );
    expect(render(browse.matchesByIndexPage(SEARCH_FILTERED, 'recent', keyAfter('recent'), 2, 25))).toMatchSnapshot(
      'through the index',
    );
  });

  it('with filters the sort indexes carry: an index-only walk, the text read only for the rows that pass', () => {
    const inIndex: ProductFilters = { searchWords: ['vase'], country: 'Japan', minPrice: 10, maxPrice: 80 };
    expect(
      render(browse.searchWindowPage(inIndex, 'popular', keyAfter('popular'), undefined, 25, 2000)),
    ).toMatchSnapshot('a country and a price range');
    expect(
      render(browse.searchWindowPage({ ...inIndex, categories: ['Art & Crafts'] }, 'recent', null, 2, 25, 2000)),
    ).toMatchSnapshot('and categories, ranked');
  });

  it('tells which filters the sort indexes carry', () => {
    const words = { searchWords: ['vase'] };
    for (const filters of [
      { country: 'Japan' },
      { minPrice: 10 },
      { maxPrice: 80 },
      { categories: ['Art & Crafts', 'Clothing'] },
      { country: 'Japan', minPrice: 10, maxPrice: 80, categories: ['Jewelry'] },
    ])
      expect(filtersInSortIndexes({ ...words, ...filters })).toBe(true);
    for (const filters of [
      {}, // nothing to test: the walk reads every row anyway
      { categories: ['Ceramics & Pottery'] }, // a term: a text match
      { country: 'Japan', condition: 'new' as const },
      { country: 'Japan', location: 'Paris' },
      { country: 'Japan', contents: ['none' as const] },
      { country: 'Japan', documentedOrigin: true },
      { country: 'Japan', shipsTo: 'Canada' },
    ])
      expect(filtersInSortIndexes({ ...words, ...filters })).toBe(false);
  });

  it('"ships to" joins the sellers and tests their country', () => {
    expect(render(browse.countUpTo({ searchWords: null, shipsTo: 'Canada' }, 1000))).toMatch(
      /JOIN catalog\.sellers s ON s\.id = p\.seller_id WHERE p\.status = 'active' AND s\.ships_from = \$1/,
    );
  });

  it('a tier its cursor says is sparse: through the index at once, no more than the cap read', () => {
    expect(
      render(browse.matchesByIndexPage(SEARCH, 'price_asc', keyAfter('price_asc'), undefined, 25, 12_000)),
    ).toMatchSnapshot('capped');
  });
});

describe('search terms', () => {
  it('a prefix, a "-ves" plural or its singulars, a short word matched whole', () => {
    expect(render(browse.countUpTo(SEARCH_WORDS, 1000))).toMatchSnapshot();
  });
});

describe('totals and "did you mean"', () => {
  it('counts up to a bound', () => {
    expect(render(browse.countUpTo(UNFILTERED, 1000))).toMatchSnapshot('unfiltered');
    expect(render(browse.countUpTo(FILTERED, 1000))).toMatchSnapshot('every filter');
    expect(render(browse.countUpTo(SEARCH, 1000))).toMatchSnapshot('search');
    expect(render(browse.countUpTo(SEARCH_FILTERED, 0))).toMatchSnapshot('a suggestion checked (bound 0)');
    // Without filters a lexeme count can prove the total (`lowerBoundProven`): one word of ASCII letters and digits.
    expect(render(browse.countUpTo(SEARCH, 0))).toMatchSnapshot('a suggestion without filters (bound 0)');
    expect(render(browse.countUpTo(SEARCH_WORDS, 1000))).toMatchSnapshot('several words: counted');
    // A price range: the words read by their exact lexemes; a narrow range through its price bands too, with the
    // country and the sell categories (not a category's term) as filter keys of the same index.
    expect(render(browse.countUpTo({ searchWords: ['vase'], minPrice: 20, maxPrice: 80 }, 1000))).toMatchSnapshot(
      'a search in a narrow price range',
    );
    expect(
      render(
        browse.countUpTo(
          { searchWords: ['vase'], minPrice: 20, maxPrice: 80, country: 'France', categories: ['Clothing'] },
          1000,
        ),
      ),
    ).toMatchSnapshot('a search in a narrow price range, a country and a category');
    expect(
      render(
        browse.countUpTo(
          { searchWords: ['vase'], minPrice: 20, maxPrice: 80, categories: ['Fashion & Accessories'] },
          1000,
        ),
      ),
    ).toMatchSnapshot('a search in a narrow price range and a category with a term');
    expect(render(browse.countUpTo({ searchWords: ['vase'], minPrice: 5, maxPrice: 500 }, 1000))).toMatchSnapshot(
      'a search in a wide price range',
    );
    expect(render(browse.countUpTo({ searchWords: ['café'] }, 1000))).toMatchSnapshot('a word with an accent: counted');
    expect(render(browse.countUpTo({ searchWords: null, categories: ['Ceramics & Pottery'] }, 1000))).toMatchSnapshot(
      'a Categories card',
    );
  });

  it('nearest terms', () => {
    expect(render(nearestTerms(['japn', 'vase']))).toMatchSnapshot();
  });
});

describe('products by key, seller lists, categories, sitemap', () => {
  it('prepared reads', () => {
    expect(renderPrepared(products.WITH_SELLER_BY_IDS, [[ID], ['active', 'sold']])).toMatchSnapshot('by ids');
    expect(renderPrepared(products.VISIBLE_BY_ID, [ID, ['active', 'sold']])).toMatchSnapshot('by id');
  });

  it('reads', () => {
    expect(render(products.productExists(ID))).toMatchSnapshot('exists');
    expect(render(products.sellerPage(ID, ['active', 'sold'], null, 25))).toMatchSnapshot('seller page, first');
    expect(render(products.sellerPage(ID, ['sold'], { createdAt: AT, id: ID }, 25))).toMatchSnapshot(
      'seller page, after a cursor',
    );
    expect(render(products.sellerCount(ID, ['active']))).toMatchSnapshot('seller count');
    expect(render(products.ACTIVE_BY_COUNTRY)).toMatchSnapshot('countries');
    expect(render(products.activeIds(null, 10000))).toMatchSnapshot('sitemap ids, first');
    expect(render(products.activeIds(ID, 10000))).toMatchSnapshot('sitemap ids, after');
  });

  it('writes (in the caller transaction)', () => {
    expect(
      render(
        products.insertProduct({
          sellerId: ID,
          title: 'Kyoto tea bowl',
          description: 'Raku-fired.',
          price: '45.00',
          originalPrice: null,
          condition: 'new',
          category: 'Art & Crafts',
          country: 'Japan',
          images: ['https://img.example.com/1.jpg'],
          isCustomsVerified: false,
          contents: ['none'],
          provenance: null,
          originLevel: null,
        }),
      ),
    ).toMatchSnapshot('create');
    expect(render(products.lockSaleState(ID))).toMatchSnapshot('lock for a sale, relisting or removal');
    expect(render(products.lockForEdit(ID))).toMatchSnapshot('lock for an edit');
    const edited = {
      title: 'Painted fan',
      description: 'Bought in Kyoto.',
      price: '12.00',
      originalPrice: null,
      condition: 'new' as const,
      category: 'Art & Crafts',
      country: 'Japan',
      images: ['https://img.example.com/2.jpg', 'https://img.example.com/1.jpg'],
      isCustomsVerified: false,
      contents: ['none'],
    };
    expect(render(products.updateListing(ID, edited))).toMatchSnapshot('edit, provenance unchanged');
    expect(
      render(products.updateListing(ID, { ...edited, provenance: { value: { place: 'Kyoto' }, originLevel: null } })),
    ).toMatchSnapshot('edit with provenance');
    expect(render(products.saveSaleState({ id: ID, status: 'sold', soldOrderId: ID, saleVersion: 1 }))).toMatchSnapshot(
      'save the sale state',
    );
    expect(render(products.addToFavouriteCount(ID, -1))).toMatchSnapshot('favourite count');
    expect(render(products.lockReservation(ID))).toMatchSnapshot('lock for a reservation');
    expect(render(products.reserve(ID, ID, 48 * 3600))).toMatchSnapshot('reserve');
    expect(render(products.endReservation(ID))).toMatchSnapshot('end a reservation');
    expect(render(products.reservedForBuyer(ID, ID))).toMatchSnapshot('reserved for a buyer by a seller');
    expect(render(products.reservedFor(ID))).toMatchSnapshot('who it is reserved for');
    expect(render(products.recordCancelledOrder(ID))).toMatchSnapshot('record a cancelled order');
    expect(render(products.isCancelledOrder(ID))).toMatchSnapshot('is the order cancelled');
    expect(render(products.provenanceOf(ID))).toMatchSnapshot('provenance of a product');
    expect(render(products.provenanceQueue(50))).toMatchSnapshot('provenance queue');
    expect(render(products.decideProvenance(ID, true, ID))).toMatchSnapshot('provenance decision');
  });
});

describe('which statement reads a search page', () => {
  it('by its count: none, all matches at once up to the bound, else tier by tier', () => {
    expect([0, 1, 1000, 1001, undefined].map(searchRead)).toEqual([
      'none',
      'allMatches',
      'allMatches',
      'walkTiers',
      'walkTiers',
    ]);
    expect(tiersToWalk('recent', null)).toEqual([2, 1, 0]);
    expect(tiersToWalk('recent', keyAfter('recent', 1))).toEqual([1, 0]);
    expect(tiersToWalk('popular', null)).toEqual([undefined]);
  });

  it('prepares each unfiltered text once, under its own name', () => {
    const cache = new PreparedStatementsByText('catalog.test-page');
    const first = browse.browsePage(UNFILTERED, 'recent', null, 25).text;
    const next = browse.browsePage(UNFILTERED, 'recent', keyAfter('recent'), 25).text;
    expect(cache.get(first).name).toBe('catalog.test-page-1');
    expect(cache.get(next).name).toBe('catalog.test-page-2');
    expect(cache.get(first)).toBe(cache.get(first));
  });
});

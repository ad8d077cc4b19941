import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Condition, ProductDto, ProductSort } from '@souvenir/contracts';
import { isoMicros, PreparedStatement, queryPool } from '@souvenir/platform';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import type { CursorKey } from './product-cursor';
import type { SellerProductKey } from './seller-product-cursor';
import { categoryCondition } from '../categories/category-condition';
import { ProductEntity } from './product.entity';
import { rowToProductDto, type ProductRow } from './product.mapper';
import {
  SEARCH_TIERS,
  SEARCH_WINDOW_ROWS,
  tierCondition,
  TOTAL_COUNT_BOUND,
  wordForms,
  type SearchTier,
} from './product-search';

/** Browse filters, already normalised by the service. */
export interface ProductFilters {
  /** The user's words (letters and digits only), each matched as a prefix (see `searchTsQuery`); null when not searching. */
  searchWords: string[] | null;
  country?: string;
  minPrice?: number;
  maxPrice?: number;
  categories?: string[];
  condition?: Condition;
  location?: string;
}

export interface PageRequest {
  sort: ProductSort;
  after: CursorKey | null;
  limit: number;
  /**
   * For a search: its matches counted up to TOTAL_COUNT_BOUND + 1 (the list's total). None: nothing to read. At most
   * the bound: few enough to read them all through the GIN index at once, tiers included (`findFewMatches`).
   */
  matchCount?: number;
}

/** One page of browse results: each product with the sort key a cursor after it would carry. */
export interface KeyedProduct {
  key: CursorKey;
  product: ProductDto;
}

const VISIBLE: ProductEntity['status'][] = ['active', 'sold'];
/** created_at with Postgres's microseconds, for cursor keys (a JS Date would round them and break ties). */
const ISO_MICROS = isoMicros('p.created_at');

/**
 * Every column of a `ProductRow`: a product (`p`) joined to its seller (`s`). Product reads select these and map
 * rows straight to ProductDto with `rowToProductDto` instead of letting TypeORM hydrate ProductEntity with its
 * seller relation, which cost about a quarter of catalog's CPU. Numerics come back as pg's text (two decimals),
 * and created_at is formatted here exactly like `Date.toISOString()` (UTC, milliseconds truncated as pg's
 * Date parsing does), so the answers are byte for byte those of `toProductDto(entity)`.
 */
const PRODUCT_COLUMNS = `p.id, p.title, p.description, p.price, p.original_price, p.condition, p.category, p.country, p.images,
       p.is_customs_verified, p.status,
       to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at_iso,
       s.id AS seller_id, s.first_name AS seller_first_name, s.last_name AS seller_last_name,
       s.avatar AS seller_avatar, s.is_verified AS seller_is_verified`;
const PRODUCTS_WITH_SELLERS = 'catalog.products p JOIN catalog.sellers s ON s.id = p.seller_id';

// The product page and the favourites list read products by key: prepared statements (planned once per connection).

/**
 * The products with these ids in these states, each with its seller. The seller is looked up per product by primary
 * key: the LATERAL subquery with OFFSET 0 cannot be flattened into a plain join, for which Postgres hashes every
 * seller to match a few dozen products once there are a few thousand sellers (6,000 sellers and 60 ids, as in the
 * 1M bench: 3.9 ms instead of 0.6 ms in EXPLAIN ANALYZE; at 30,000 it chose index lookups again).
 */
const WITH_SELLER_BY_IDS = new PreparedStatement<ProductRow>(
  'catalog.products-with-seller-by-ids',
  `
  SELECT ${PRODUCT_COLUMNS}
    FROM catalog.products p
   CROSS JOIN LATERAL (SELECT * FROM catalog.sellers s WHERE s.id = p.seller_id OFFSET 0) s
   WHERE p.id = ANY($1::uuid[]) AND p.status = ANY($2::text[])`,
);

const VISIBLE_BY_ID = new PreparedStatement<ProductRow>(
  'catalog.product-by-id',
  `
  SELECT ${PRODUCT_COLUMNS} FROM ${PRODUCTS_WITH_SELLERS} WHERE p.id = $1 AND p.status = ANY($2::text[])`,
);

type KeyedRow = ProductRow & { key_created_at: string };

/**
 * The SQL of one page: the products (with sellers and keys) matching `where` in `order`, `limit` of them.
 * Normally one statement that walks the order's index. With `matchesFirst`, the matches are read first (a
 * MATERIALIZED CTE, so the planner cannot turn it back into an index walk: it uses the GIN index), sorted by
 * their keys, and only the page's rows are joined to their columns and sellers. `from` must then not join the
 * sellers unless a filter needs them.
 */
function pageSql({
  from,
  where,
  order,
  limit,
  matchesFirst,
}: {
  from: string;
  where: string[];
  order: string;
  limit: string;
  matchesFirst: boolean;
}): string {
  const select = `${PRODUCT_COLUMNS}, ${ISO_MICROS} AS key_created_at, p.favorite_count`;
  if (!matchesFirst)
    return `SELECT ${select} FROM ${from} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${limit}`;
  return `WITH matches AS MATERIALIZED (
            SELECT p.id, p.created_at, p.price, p.favorite_count FROM ${from} WHERE ${where.join(' AND ')}
          ), page AS (
            SELECT p.id FROM matches p ORDER BY ${order} LIMIT ${limit}
          )
          SELECT ${select}
            FROM page JOIN catalog.products p ON p.id = page.id JOIN catalog.sellers s ON s.id = p.seller_id
           ORDER BY ${order}`;
}

type PageRow = KeyedRow & { favorite_count: number };

function isUnfiltered(filters: ProductFilters): boolean {
  return (
    filters.searchWords === null &&
    !filters.country &&
    filters.minPrice === undefined &&
    filters.maxPrice === undefined &&
    !filters.categories?.length &&
    !filters.condition &&
    !filters.location
  );
}

/**
 * The prepared statement of an unfiltered page's SQL, by its text: one per sort, for first pages and for pages
 * after a cursor (eight in all), each named once per process so a name never stands for two texts.
 */
const UNFILTERED_PAGES = new Map<string, PreparedStatement<PageRow>>();
function unfilteredPage(sql: string): PreparedStatement<PageRow> {
  let statement = UNFILTERED_PAGES.get(sql);
  if (!statement)
    UNFILTERED_PAGES.set(
      sql,
      (statement = new PreparedStatement<PageRow>(`catalog.unfiltered-page-${UNFILTERED_PAGES.size + 1}`, sql)),
    );
  return statement;
}

/** Words shorter than this are matched whole, not as prefixes. */
const MIN_PREFIX_LETTERS = 3;

/**
 * The tsquery of the search: every word of MIN_PREFIX_LETTERS or more a prefix, all required, stemmed (`english`) and
 * accents folded as in the index, each word or one of its forms (`wordForms`: scarves or scarf). Each form is
 * unaccented on its own and only then quoted as a lexeme (`'` doubled, `\` escaped), so what unaccent makes of a letter or digit (`⑴` → `(1)`,
 * `ː` → `:`, `ʼ` → `'`) is text, never tsquery syntax; a word that folds to no lexeme (or a stop word: "the") drops
 * out of the query (the space before the closing quote keeps an empty word from being `''`, a syntax error).
 * Immutable functions of the parameters only, so Postgres folds the whole expression to a constant when it plans.
 */
export function searchTsQuery(words: string[], params: Params): string {
  // A word of one or two letters is a whole word, not a prefix: "a" or "ca" as prefixes match most products, and
  // the index would hand over every one of them to be counted.
  const lexeme = (form: string) =>
    `to_tsquery('english', '''' || replace(replace(catalog.immutable_unaccent(${params.add(form)}), '\\', '\\\\'), '''', '''''') || ' ''${[...form].length >= MIN_PREFIX_LETTERS ? ':*' : ''}')`;
  const terms = words.map((word) => {
    const forms = wordForms(word).map(lexeme);
    return forms.length === 1 ? forms[0] : `(${forms.join(' || ')})`;
  });
  return `(${terms.join(' && ')})`;
}

/** The ORDER BY of a sort, and the keyset condition of the rows strictly after `after` in that order. */
function sortOrder(
  sort: ProductSort,
  after: CursorKey | null,
  params: Params,
): { order: string; keyset: string | null } {
  const t = after ? `${params.add(after.createdAt)}::timestamptz` : '';
  const id = after ? `${params.add(after.id)}::uuid` : '';
  switch (sort) {
    case 'price_asc': {
      if (!after) return { order: 'p.price ASC, p.created_at DESC, p.id DESC', keyset: null };
      const price = `${params.add(after.price)}::numeric`;
      // Mixed directions cannot be one row comparison; the leading >= keeps the index range start.
      return {
        order: 'p.price ASC, p.created_at DESC, p.id DESC',
        keyset: `p.price >= ${price} AND (p.price > ${price} OR (p.created_at, p.id) < (${t}, ${id}))`,
      };
    }
    case 'price_desc':
      return {
        order: 'p.price DESC, p.created_at DESC, p.id DESC',
        keyset: after ? `(p.price, p.created_at, p.id) < (${params.add(after.price)}::numeric, ${t}, ${id})` : null,
      };
    case 'popular':
      return {
        order: 'p.favorite_count DESC, p.created_at DESC, p.id DESC',
        keyset: after
          ? `(p.favorite_count, p.created_at, p.id) < (${params.add(after.favoriteCount)}::int, ${t}, ${id})`
          : null,
      };
    case 'recent':
      return { order: 'p.created_at DESC, p.id DESC', keyset: after ? `(p.created_at, p.id) < (${t}, ${id})` : null };
  }
}

/** The cursor key of a row in a sort's order (and a ranked search's tier). */
function keyOf(row: PageRow, sort: ProductSort, tier?: SearchTier): CursorKey {
  return {
    id: row.id,
    createdAt: row.key_created_at,
    // p.price is numeric(12,2), which pg answers as its text: the same string `p.price::text` gives.
    ...(sort === 'price_asc' || sort === 'price_desc' ? { price: row.price } : {}),
    ...(sort === 'popular' ? { favoriteCount: row.favorite_count } : {}),
    ...(tier === undefined ? {} : { tier }),
  };
}

/** Builds positional parameters for hand-written SQL. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

@Injectable()
export class ProductsRepository {
  private readonly dataSource: DataSource;

  /** Rows a search page walks before it reads the rest through the index (SEARCH_WINDOW_ROWS; tests shrink it). */
  searchWindowRows = SEARCH_WINDOW_ROWS;

  constructor(@InjectRepository(ProductEntity) private readonly products: Repository<ProductEntity>) {
    this.dataSource = products.manager.dataSource;
  }

  /**
   * One page of active products with their sellers and cursor keys, in browse order, in one query (the products
   * and their sort keys together, so the page needs no second lookup by id). Keyset pagination: the page starts
   * strictly after the cursor's key, so each page is an index range scan (see the migration's indexes; sellers
   * are looked up per row by primary key) and concurrent inserts never shift later pages. A search reads its
   * matches in bounded steps (`findSearchPage`).
   */
  async findPage(filters: ProductFilters, page: PageRequest): Promise<KeyedProduct[]> {
    if (filters.searchWords !== null) return this.findSearchPage(filters, page);
    const params = new Params();
    const { from, where } = this.filterSql(filters, params, { withSellers: true });
    const { order, keyset } = sortOrder(page.sort, page.after, params);
    const sql = pageSql({
      from,
      where: [...where, ...(keyset ? [keyset] : [])],
      order,
      limit: params.add(page.limit),
      matchesFirst: false,
    });
    // Unfiltered pages (Home's Load More) walk their sort's index whatever the cursor: their plan never depends on
    // the values, so they are prepared (planned once per connection). Filtered pages keep a plan per call.
    const rows = isUnfiltered(filters)
      ? await unfilteredPage(sql).run(this.dataSource, params.values)
      : await queryPool<PageRow>(this.dataSource, sql, params.values);
    return rows.map((r) => ({ key: keyOf(r, page.sort), product: rowToProductDto(r) }));
  }

  /**
   * A page of a search. With sort=recent it is ranked: better matches first, in boolean tiers an index can serve
   * instead of a ts_rank of every match: every word in the title (tier 2), in the title, category or country (tier 1),
   * anywhere, the description included (tier 0); newest first within a tier. The order is (tier desc, created_at
   * desc, id desc) and the tier is part of the cursor's key; a product's tier for a query never changes, so pages
   * never repeat or skip. A lower tier is read only when the ones above do not fill the page. Other sorts read the
   * matches anywhere in their order.
   */
  private async findSearchPage(filters: ProductFilters, page: PageRequest): Promise<KeyedProduct[]> {
    if (page.matchCount === 0) return [];
    if (page.matchCount !== undefined && page.matchCount <= TOTAL_COUNT_BOUND)
      return this.findFewMatches(filters, page);
    const after = page.after;
    const tiers: (SearchTier | undefined)[] =
      page.sort === 'recent'
        ? SEARCH_TIERS.filter((tier) => after?.tier === undefined || tier <= after.tier)
        : [undefined];
    const found: KeyedProduct[] = [];
    for (const tier of tiers) {
      const limit = page.limit - found.length;
      if (limit <= 0) break;
      const match = (query: string) => (tier === undefined ? `p.search_doc @@ ${query}` : tierCondition(tier, query));
      const tierAfter = after && after.tier === tier ? after : null;
      const rows = await this.readMatches(filters, page.sort, tierAfter, match, limit);
      found.push(...rows.map((r) => ({ key: keyOf(r, page.sort, tier), product: rowToProductDto(r) })));
    }
    return found;
  }

  /**
   * A page of a search with at most TOTAL_COUNT_BOUND matches: all of them read through the GIN index (each with its
   * tier when ranked), sorted, and only the page's rows joined to their columns and sellers. One statement, whatever
   * the tiers hold: a rare word's page never walks the order three times over.
   */
  private async findFewMatches(filters: ProductFilters, page: PageRequest): Promise<KeyedProduct[]> {
    const params = new Params();
    const { from, where } = this.filterSql(filters, params);
    const after = page.after;
    if (page.sort !== 'recent') {
      const { order, keyset } = sortOrder(page.sort, after, params);
      const sql = pageSql({
        from,
        where: [...where, ...(keyset ? [keyset] : [])],
        order,
        limit: params.add(page.limit),
        matchesFirst: true,
      });
      return (await queryPool<PageRow>(this.dataSource, sql, params.values)).map((r) => ({
        key: keyOf(r, page.sort),
        product: rowToProductDto(r),
      }));
    }
    const query = searchTsQuery(filters.searchWords ?? [], params);
    const keyset = after
      ? `(p.tier, p.created_at, p.id) < (${params.add(after.tier ?? SEARCH_TIERS[0])}::int, ${params.add(after.createdAt)}::timestamptz, ${params.add(after.id)}::uuid)`
      : 'true';
    const rows = await queryPool<PageRow & { tier: SearchTier }>(
      this.dataSource,
      `WITH matches AS MATERIALIZED (
         SELECT p.id, p.created_at,
                CASE WHEN p.title_doc @@ ${query} THEN 2 WHEN p.label_doc @@ ${query} THEN 1 ELSE 0 END AS tier
           FROM ${from} WHERE ${where.join(' AND ')}
       ), page AS (
         SELECT p.id, p.tier FROM matches p WHERE ${keyset} ORDER BY p.tier DESC, p.created_at DESC, p.id DESC LIMIT ${params.add(page.limit)}
       )
       SELECT ${PRODUCT_COLUMNS}, ${ISO_MICROS} AS key_created_at, p.favorite_count, page.tier
         FROM page JOIN catalog.products p ON p.id = page.id JOIN catalog.sellers s ON s.id = p.seller_id
        ORDER BY page.tier DESC, p.created_at DESC, p.id DESC`,
      params.values,
    );
    return rows.map((r) => ({ key: keyOf(r, page.sort, r.tier), product: rowToProductDto(r) }));
  }

  /**
   * Up to `limit` products matching `match` strictly after `after` in the sort's order, with sellers and keys, in at
   * most two bounded reads, whatever the words. First the next SEARCH_WINDOW_ROWS rows of the order that pass the
   * other filters, each row's text tested, stopping as soon as `limit` match (frequent words: a few hundred rows).
   * If the window ends first, the words are rare there, so the matches after it are few: they are read through
   * the GIN index and sorted (`pageSql` with `matchesFirst`). Postgres cannot make this choice itself: its estimate
   * for a prefix query is a constant, and left alone it walked the recency index through every active product for
   * a rare word (3.2 s at 1M products).
   */
  private async readMatches(
    filters: ProductFilters,
    sort: ProductSort,
    after: CursorKey | null,
    match: (query: string) => string,
    limit: number,
  ): Promise<PageRow[]> {
    const params = new Params();
    const query = searchTsQuery(filters.searchWords ?? [], params);
    const { from, where } = this.filterSql(filters, params, { search: false });
    const { order, keyset } = sortOrder(sort, after, params);
    const window = this.searchWindowRows;
    // row_number() is ordered like the window so the rows stream in order (no sort): the walk stops at `limit` hits.
    // The window's last row comes back even when it does not match: the read through the index continues after it.
    const rows = await queryPool<PageRow & { hit: boolean; window_end: boolean }>(
      this.dataSource,
      `SELECT ${PRODUCT_COLUMNS}, ${ISO_MICROS} AS key_created_at, p.favorite_count, w.hit, w.rn = ${window} AS window_end
         FROM (SELECT p.* FROM (
                 SELECT p.id, p.created_at, p.price, p.favorite_count, (${match(query)}) AS hit,
                        row_number() OVER (ORDER BY ${order}) AS rn
                   FROM (SELECT p.id, p.created_at, p.price, p.favorite_count, p.title_doc, p.label_doc, p.search_doc
                           FROM ${from} WHERE ${[...where, ...(keyset ? [keyset] : [])].join(' AND ')}
                          ORDER BY ${order} LIMIT ${window}) p
               ) p
               WHERE p.hit OR p.rn = ${window}
               ORDER BY ${order} LIMIT ${params.add(limit)}) w
         JOIN catalog.products p ON p.id = w.id JOIN catalog.sellers s ON s.id = p.seller_id
        ORDER BY ${order}`,
      params.values,
    );
    const hits = rows.filter((r) => r.hit);
    const windowEnd = rows.find((r) => r.window_end);
    if (hits.length >= limit || !windowEnd) return hits;
    return [
      ...hits,
      ...(await this.readMatchesByIndex(filters, sort, keyOf(windowEnd, sort), match, limit - hits.length)),
    ];
  }

  /** Up to `limit` matches strictly after `after`, read through the GIN index and sorted: for rare words. */
  private async readMatchesByIndex(
    filters: ProductFilters,
    sort: ProductSort,
    after: CursorKey,
    match: (query: string) => string,
    limit: number,
  ): Promise<PageRow[]> {
    const params = new Params();
    const query = searchTsQuery(filters.searchWords ?? [], params);
    const { from, where } = this.filterSql(filters, params, { search: false });
    const { order, keyset } = sortOrder(sort, after, params);
    const sql = pageSql({
      from,
      where: [...where, match(query), ...(keyset ? [keyset] : [])],
      order,
      limit: params.add(limit),
      matchesFirst: true,
    });
    return queryPool<PageRow>(this.dataSource, sql, params.values);
  }

  /**
   * How many active products match the filters, counting no further than `bound` + 1 (X-Total-Count: an answer
   * above `bound` means "more than `bound`"). A search's matches are read through its GIN index (MATERIALIZED: to
   * find the first few, the planner would rather walk the recency index, through every active product for a rare
   * word); the CTE is still read lazily, so counting stops at the bound.
   */
  async countUpTo(filters: ProductFilters, bound: number): Promise<number> {
    const params = new Params();
    const { from, where } = this.filterSql(filters, params);
    const matches = `SELECT 1 FROM ${from} WHERE ${where.join(' AND ')}`;
    const limit = params.add(bound + 1);
    const sql = filters.searchWords?.length
      ? `WITH matches AS MATERIALIZED (${matches}) SELECT count(*)::int AS count FROM (SELECT 1 FROM matches LIMIT ${limit}) c`
      : `SELECT count(*)::int AS count FROM (${matches} LIMIT ${limit}) c`;
    const [row] = await queryPool<{ count: number }>(this.dataSource, sql, params.values);
    return row.count;
  }

  /**
   * For each word (in order): the word folded as the index folds it, whether a known term starts with it, and, when
   * none does, the nearest known terms by trigram distance with how many listings use each ("Did you mean").
   */
  async nearestTerms(
    words: string[],
  ): Promise<{ word: string; folded: string; known: boolean; nearest: { term: string; uses: number }[] }[]> {
    return queryPool(
      this.dataSource,
      `SELECT w.word, f.folded, k.known,
              CASE WHEN k.known THEN '[]'::json ELSE COALESCE((
                SELECT json_agg(json_build_object('term', t.term, 'uses', t.uses))
                  FROM (SELECT term, uses FROM catalog.search_terms ORDER BY term <-> f.folded LIMIT 8) t), '[]'::json) END AS nearest
         FROM unnest($1::text[]) WITH ORDINALITY w(word, ord)
        CROSS JOIN LATERAL (SELECT lower(catalog.immutable_unaccent(w.word)) AS folded) f
        CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM catalog.search_terms t WHERE t.term ^@ f.folded) AS known) k
        ORDER BY w.ord`,
      [words],
    );
  }

  /** Products with their sellers, in the order of `ids`; unknown ids are skipped. */
  async findWithSellerByIds(ids: string[], statuses: ProductEntity['status'][] = VISIBLE): Promise<ProductDto[]> {
    if (!ids.length) return [];
    const rows = await WITH_SELLER_BY_IDS.run(this.dataSource, [ids, statuses]);
    const byId = new Map(rows.map((r) => [r.id, rowToProductDto(r)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Whether the id names a product in any state, removed included. */
  exists(id: string): Promise<boolean> {
    return this.products.existsBy({ id });
  }

  /** A product that has a page: active or sold, not removed. */
  async findVisibleById(id: string): Promise<ProductDto | null> {
    const [row] = await VISIBLE_BY_ID.run(this.dataSource, [id, VISIBLE]);
    return row ? rowToProductDto(row) : null;
  }

  /**
   * Up to `limit` of a seller's products in these states, newest first, strictly after `after`, each with its cursor
   * key; walks products_seller_idx (seller_id, created_at DESC, id DESC).
   */
  async findPageBySeller(
    sellerId: string,
    statuses: readonly ProductEntity['status'][],
    after: SellerProductKey | null,
    limit: number,
  ): Promise<{ key: SellerProductKey; product: ProductDto }[]> {
    const params: unknown[] = [sellerId, statuses, limit];
    const afterSql = after ? `AND (p.created_at, p.id) < ($4::timestamptz, $5::uuid)` : '';
    if (after) params.push(after.createdAt, after.id);
    const rows = await queryPool<KeyedRow>(
      this.dataSource,
      `SELECT ${PRODUCT_COLUMNS}, ${ISO_MICROS} AS key_created_at
         FROM ${PRODUCTS_WITH_SELLERS}
        WHERE p.seller_id = $1 AND p.status = ANY($2::text[]) ${afterSql}
        ORDER BY p.created_at DESC, p.id DESC
        LIMIT $3`,
      params,
    );
    return rows.map((row) => ({ key: { createdAt: row.key_created_at, id: row.id }, product: rowToProductDto(row) }));
  }

  /** How many of a seller's products are in these states (the profile tabs' counts; products_seller_idx). */
  async countBySeller(sellerId: string, statuses: readonly ProductEntity['status'][]): Promise<number> {
    const [row] = await queryPool<{ count: number }>(
      this.dataSource,
      `SELECT count(*)::int AS count FROM catalog.products WHERE seller_id = $1 AND status = ANY($2::text[])`,
      [sellerId, statuses],
    );
    return row?.count ?? 0;
  }

  /** The product row locked for a state change in the caller's transaction. */
  /** Remembers an order cancelled before shipping (its late payment event must not sell the product). */
  async recordCancelledOrder(manager: EntityManager, orderId: string): Promise<void> {
    await manager.query(`INSERT INTO catalog.cancelled_orders (order_id) VALUES ($1) ON CONFLICT DO NOTHING`, [
      orderId,
    ]);
  }

  async isCancelledOrder(manager: EntityManager, orderId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM catalog.cancelled_orders WHERE order_id = $1`, [
      orderId,
    ]);
    return rows.length > 0;
  }

  findForUpdate(manager: EntityManager, id: string): Promise<ProductEntity | null> {
    return manager.getRepository(ProductEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Active products per country (served by products_country_idx). */
  countActiveByCountry(): Promise<{ country: string; count: number }[]> {
    return queryPool(
      this.dataSource,
      `SELECT country, count(*)::int AS count FROM catalog.products WHERE status = 'active'
        GROUP BY country ORDER BY count(*) DESC, country ASC`,
      [],
    );
  }

  /** Up to `limit` active products' ids after `after`, ascending: a range scan of the primary key. */
  async findActiveIds(after: string | null, limit: number): Promise<string[]> {
    const rows = await queryPool<{ id: string }>(
      this.dataSource,
      `SELECT id FROM catalog.products WHERE status = 'active' AND ($1::uuid IS NULL OR id > $1::uuid) ORDER BY id LIMIT $2`,
      [after, limit],
    );
    return rows.map((row) => row.id);
  }

  /**
   * The FROM and WHERE of the filters. `search`: whether the search's words are a condition (a match anywhere; a
   * search page tests its own tier instead); `withSellers` joins the sellers as `s` for `PRODUCT_COLUMNS` (a location
   * filter joins them anyway).
   */
  private filterSql(
    filters: ProductFilters,
    params: Params,
    { search = true, withSellers = false }: { search?: boolean; withSellers?: boolean } = {},
  ): { from: string; where: string[] } {
    const where = [`p.status = 'active'`];
    const from = withSellers || filters.location ? PRODUCTS_WITH_SELLERS : 'catalog.products p';
    if (search && filters.searchWords?.length)
      where.push(`p.search_doc @@ ${searchTsQuery(filters.searchWords, params)}`);
    if (filters.country) where.push(`p.country = ${params.add(filters.country)}`);
    if (filters.minPrice !== undefined) where.push(`p.price >= ${params.add(filters.minPrice)}::numeric`);
    if (filters.maxPrice !== undefined) where.push(`p.price <= ${params.add(filters.maxPrice)}::numeric`);
    // Browse names stand for sell categories and terms (CATEGORY_FILTERS): ../categories/category-condition.ts.
    if (filters.categories?.length) {
      where.push(
        categoryCondition(
          filters.categories,
          (value) => params.add(value),
          (words) => `p.search_doc @@ ${searchTsQuery(words, params)}`,
        ),
      );
    }
    if (filters.condition) where.push(`p.condition = ${params.add(filters.condition)}`);
    if (filters.location) where.push(`s.location = ${params.add(filters.location)}`);
    return { from, where };
  }
}

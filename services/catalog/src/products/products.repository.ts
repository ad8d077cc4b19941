import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Condition, ProductDto, ProductSort } from '@souvenir/contracts';
import { isoMicros, PreparedStatement, queryPool } from '@souvenir/platform';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import type { CursorKey } from './product-cursor';
import { ProductEntity } from './product.entity';
import { rowToProductDto, type ProductRow } from './product.mapper';

/** Browse filters, already normalised by the service. */
export interface ProductFilters {
  /** A to_tsquery expression of prefix terms built from the user's words, or null when not searching. */
  tsQuery: string | null;
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
  /** For a search: how many active products match it, and how many are active (cached totals), to choose the plan. */
  matchCount?: number;
  activeCount?: number;
}

/**
 * Whether a page of a search reads its matches first (through the GIN index, then sorts them: cost ∝ matches m)
 * or walks the sort order's index testing each row's text until `limit` matches (cost ∝ limit × active / m, since
 * matches are spread over the order). Reading the matches first is cheaper when m² ≤ limit × active, and either
 * way a page then reads at most √(limit × active) rows (~1,600 at 100k products, ~5,000 at 1M). Postgres cannot
 * make this choice for prefix queries (its estimate for `word:*` is a constant): left to itself it walked
 * products_recent_idx through every active product for a rare word (~300 ms at 300k products).
 */
export function readsMatchesFirst(filters: ProductFilters, page: PageRequest): boolean {
  if (filters.tsQuery === null || page.matchCount === undefined || page.activeCount === undefined) return false;
  return page.matchCount * page.matchCount <= page.limit * page.activeCount;
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
const WITH_SELLER_BY_IDS = new PreparedStatement<ProductRow>('catalog.products-with-seller-by-ids', `
  SELECT ${PRODUCT_COLUMNS}
    FROM catalog.products p
   CROSS JOIN LATERAL (SELECT * FROM catalog.sellers s WHERE s.id = p.seller_id OFFSET 0) s
   WHERE p.id = ANY($1::uuid[]) AND p.status = ANY($2::text[])`);

const VISIBLE_BY_ID = new PreparedStatement<ProductRow>('catalog.product-by-id', `
  SELECT ${PRODUCT_COLUMNS} FROM ${PRODUCTS_WITH_SELLERS} WHERE p.id = $1 AND p.status = ANY($2::text[])`);

type KeyedRow = ProductRow & { key_created_at: string };

/**
 * The SQL of one page: the products (with sellers and keys) matching `where` in `order`, `limit` of them.
 * Normally one statement that walks the order's index. With `matchesFirst`, the matches are read first (a
 * MATERIALIZED CTE, so the planner cannot turn it back into an index walk: it uses the GIN index), sorted by
 * their keys, and only the page's rows are joined to their columns and sellers. `from` must then not join the
 * sellers unless a filter needs them.
 */
function pageSql({ from, where, order, limit, matchesFirst }: { from: string; where: string[]; order: string; limit: string; matchesFirst: boolean }): string {
  const select = `${PRODUCT_COLUMNS}, ${ISO_MICROS} AS key_created_at, p.favorite_count`;
  if (!matchesFirst) return `SELECT ${select} FROM ${from} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${limit}`;
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
  return filters.tsQuery === null && !filters.country && filters.minPrice === undefined && filters.maxPrice === undefined &&
    !filters.categories?.length && !filters.condition && !filters.location;
}

/**
 * The prepared statement of an unfiltered page's SQL, by its text: one per sort, for first pages and for pages
 * after a cursor (eight in all), each named once per process so a name never stands for two texts.
 */
const UNFILTERED_PAGES = new Map<string, PreparedStatement<PageRow>>();
function unfilteredPage(sql: string): PreparedStatement<PageRow> {
  let statement = UNFILTERED_PAGES.get(sql);
  if (!statement) UNFILTERED_PAGES.set(sql, (statement = new PreparedStatement<PageRow>(`catalog.unfiltered-page-${UNFILTERED_PAGES.size + 1}`, sql)));
  return statement;
}

/** Builds positional parameters for hand-written SQL. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

@Injectable()
export class ProductsRepository {
  private readonly dataSource: DataSource;

  constructor(@InjectRepository(ProductEntity) private readonly products: Repository<ProductEntity>) {
    this.dataSource = products.manager.dataSource;
  }

  /**
   * One page of active products with their sellers and cursor keys, in browse order, in one query (the products
   * and their sort keys together, so the page needs no second lookup by id). Keyset pagination: the page starts
   * strictly after the cursor's key, so each page is an index range scan (see the migration's indexes; sellers
   * are looked up per row by primary key) and concurrent inserts never shift later pages. A search with
   * sort=recent is ranked: see `findRankedPage`.
   */
  async findPage(filters: ProductFilters, page: PageRequest): Promise<KeyedProduct[]> {
    if (filters.tsQuery !== null && page.sort === 'recent') return this.findRankedPage(filters, page);
    const params = new Params();
    const matchesFirst = readsMatchesFirst(filters, page);
    const { from, where } = this.filterSql(filters, params, { withSellers: !matchesFirst });
    const after = page.after;
    let order: string;
    let keyset: string | null = null;
    const t = after ? `${params.add(after.createdAt)}::timestamptz` : '';
    const id = after ? `${params.add(after.id)}::uuid` : '';
    switch (page.sort) {
      case 'price_asc': {
        order = 'p.price ASC, p.created_at DESC, p.id DESC';
        if (after) {
          const price = `${params.add(after.price)}::numeric`;
          // Mixed directions cannot be one row comparison; the leading >= keeps the index range start.
          keyset = `p.price >= ${price} AND (p.price > ${price} OR (p.created_at, p.id) < (${t}, ${id}))`;
        }
        break;
      }
      case 'price_desc':
        order = 'p.price DESC, p.created_at DESC, p.id DESC';
        if (after) keyset = `(p.price, p.created_at, p.id) < (${params.add(after.price)}::numeric, ${t}, ${id})`;
        break;
      case 'popular':
        order = 'p.favorite_count DESC, p.created_at DESC, p.id DESC';
        if (after) keyset = `(p.favorite_count, p.created_at, p.id) < (${params.add(after.favoriteCount)}::int, ${t}, ${id})`;
        break;
      case 'recent':
        order = 'p.created_at DESC, p.id DESC';
        if (after) keyset = `(p.created_at, p.id) < (${t}, ${id})`;
        break;
    }
    const sql = pageSql({ from, where: [...where, ...(keyset ? [keyset] : [])], order, limit: params.add(page.limit), matchesFirst });
    // Unfiltered pages (Home's Load More) walk their sort's index whatever the cursor: their plan never depends on
    // the values, so they are prepared (planned once per connection). Filtered pages keep a plan per call.
    const rows = isUnfiltered(filters)
      ? await unfilteredPage(sql).run(this.dataSource, params.values)
      : await queryPool<PageRow>(this.dataSource, sql, params.values);
    return rows.map((r) => ({
      key: {
        id: r.id,
        createdAt: r.key_created_at,
        // p.price is numeric(12,2), which pg answers as its text: the same string `p.price::text` gives.
        ...(page.sort === 'price_asc' || page.sort === 'price_desc' ? { price: r.price } : {}),
        ...(page.sort === 'popular' ? { favoriteCount: r.favorite_count } : {}),
      },
      product: rowToProductDto(r),
    }));
  }

  /**
   * Ranked search (a search with sort=recent): better matches first, where "better" is a boolean tier that an
   * index can serve instead of a ts_rank of every match. Tier 1: the title alone contains every search term
   * (`title_vector`, its own GIN index); tier 0: the product matches only thanks to its category or
   * description. Within a tier, newest first. The order is (tier desc, created_at desc, id desc) and the tier
   * is part of the cursor's key. A product's tier for a given query never changes, so pages never repeat or skip.
   *
   * Each tier is its own keyset query ordered like products_recent_idx, so Postgres either walks that index
   * with a cheap per-row filter and stops after LIMIT matches (frequent words) or intersects a GIN index and
   * sorts the few matches (rare words). Tier 0 is only queried when tier 1 does not fill the page. Like
   * `findPage`, each tier's query answers the products with their sellers and keys.
   */
  private async findRankedPage(filters: ProductFilters, page: PageRequest): Promise<KeyedProduct[]> {
    const after = page.after;
    const tiers: (0 | 1)[] = after?.tier === 0 ? [0] : [1, 0];
    const matchesFirst = readsMatchesFirst(filters, page);
    const found: KeyedProduct[] = [];
    for (const tier of tiers) {
      const limit = page.limit - found.length;
      if (limit <= 0) break;
      const params = new Params();
      // Every title lexeme is also in search_vector, so a title match is a match: tier 1 needs no second test.
      const { from, where } = this.filterSql(filters, params, {
        withSellers: !matchesFirst,
        matches: (query) =>
          tier === 1 ? `p.title_vector @@ ${query}` : `p.search_vector @@ ${query} AND NOT p.title_vector @@ ${query}`,
      });
      if (after && after.tier === tier) {
        where.push(`(p.created_at, p.id) < (${params.add(after.createdAt)}::timestamptz, ${params.add(after.id)}::uuid)`);
      }
      const rows = await queryPool<KeyedRow>(
        this.dataSource,
        pageSql({ from, where, order: 'p.created_at DESC, p.id DESC', limit: params.add(limit), matchesFirst }),
        params.values,
      );
      found.push(...rows.map((r) => ({ key: { id: r.id, createdAt: r.key_created_at, tier }, product: rowToProductDto(r) })));
    }
    return found;
  }

  /** How many active products match the filters (X-Total-Count). */
  async count(filters: ProductFilters): Promise<number> {
    const params = new Params();
    const { from, where } = this.filterSql(filters, params);
    const [row] = await queryPool<{ count: number }>(this.dataSource, `SELECT count(*)::int AS count FROM ${from} WHERE ${where.join(' AND ')}`, params.values);
    return row.count;
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

  /** A seller's active and sold products, newest first (served by products_seller_idx). */
  async findVisibleBySeller(sellerId: string): Promise<ProductDto[]> {
    const rows = await queryPool<ProductRow>(
      this.dataSource,
      `SELECT ${PRODUCT_COLUMNS}
         FROM ${PRODUCTS_WITH_SELLERS}
        WHERE p.seller_id = $1 AND p.status = ANY($2::text[])
        ORDER BY p.created_at DESC, p.id DESC`,
      [sellerId, VISIBLE],
    );
    return rows.map(rowToProductDto);
  }

  /** The product row locked for a state change in the caller's transaction. */
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

  /**
   * The FROM and WHERE of the filters. `matches` turns the tsquery into the search condition (any match by
   * default); `withSellers` joins the sellers as `s` for `PRODUCT_COLUMNS` (a location filter joins them anyway).
   */
  private filterSql(
    filters: ProductFilters,
    params: Params,
    {
      matches = (query) => `p.search_vector @@ ${query}`,
      withSellers = false,
    }: { matches?: (query: string) => string; withSellers?: boolean } = {},
  ): { from: string; where: string[] } {
    const where = [`p.status = 'active'`];
    const from = withSellers || filters.location ? PRODUCTS_WITH_SELLERS : 'catalog.products p';
    if (filters.tsQuery) where.push(matches(`to_tsquery('simple', catalog.immutable_unaccent(${params.add(filters.tsQuery)}))`));
    if (filters.country) where.push(`p.country = ${params.add(filters.country)}`);
    if (filters.minPrice !== undefined) where.push(`p.price >= ${params.add(filters.minPrice)}::numeric`);
    if (filters.maxPrice !== undefined) where.push(`p.price <= ${params.add(filters.maxPrice)}::numeric`);
    if (filters.categories?.length) where.push(`p.category = ANY(${params.add(filters.categories)}::text[])`);
    if (filters.condition) where.push(`p.condition = ${params.add(filters.condition)}`);
    if (filters.location) where.push(`s.location = ${params.add(filters.location)}`);
    return { from, where };
  }
}

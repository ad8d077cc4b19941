import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Condition, ProductSort } from '@souvenir/contracts';
import { In, type EntityManager, type Repository } from 'typeorm';
import type { CursorKey } from './product-cursor';
import { ProductEntity } from './product.entity';

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
}

const VISIBLE: ProductEntity['status'][] = ['active', 'sold'];
const ISO_MICROS = `to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

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
  constructor(@InjectRepository(ProductEntity) private readonly products: Repository<ProductEntity>) {}

  /**
   * The keys of one page of active products, in browse order. Keyset pagination: the page starts strictly
   * after the cursor's key, so each page is an index range scan (see the migration's indexes) and concurrent
   * inserts never shift later pages. A search with sort=recent is ranked: see `findRankedPageKeys`.
   */
  async findPageKeys(filters: ProductFilters, page: PageRequest): Promise<CursorKey[]> {
    if (filters.tsQuery !== null && page.sort === 'recent') return this.findRankedPageKeys(filters, page);
    const params = new Params();
    const { from, where } = this.filterSql(filters, params);
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
    const rows: { id: string; created_at: string; price: string; favorite_count: number }[] = await this.products.query(
      `SELECT p.id, ${ISO_MICROS} AS created_at, p.price::text AS price, p.favorite_count
         FROM ${from}
        WHERE ${[...where, ...(keyset ? [keyset] : [])].join(' AND ')}
        ORDER BY ${order}
        LIMIT ${params.add(page.limit)}`,
      params.values,
    );
    return rows.map((r) => ({
      id: r.id,
      createdAt: r.created_at,
      ...(page.sort === 'price_asc' || page.sort === 'price_desc' ? { price: r.price } : {}),
      ...(page.sort === 'popular' ? { favoriteCount: r.favorite_count } : {}),
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
   * sorts the few matches (rare words). Tier 0 is only queried when tier 1 does not fill the page.
   */
  private async findRankedPageKeys(filters: ProductFilters, page: PageRequest): Promise<CursorKey[]> {
    const after = page.after;
    const tiers: (0 | 1)[] = after?.tier === 0 ? [0] : [1, 0];
    const keys: CursorKey[] = [];
    for (const tier of tiers) {
      const limit = page.limit - keys.length;
      if (limit <= 0) break;
      const params = new Params();
      // Every title lexeme is also in search_vector, so a title match is a match: tier 1 needs no second test.
      const { from, where } = this.filterSql(filters, params, (query) =>
        tier === 1 ? `p.title_vector @@ ${query}` : `p.search_vector @@ ${query} AND NOT p.title_vector @@ ${query}`);
      if (after && after.tier === tier) {
        where.push(`(p.created_at, p.id) < (${params.add(after.createdAt)}::timestamptz, ${params.add(after.id)}::uuid)`);
      }
      const rows: { id: string; created_at: string }[] = await this.products.query(
        `SELECT p.id, ${ISO_MICROS} AS created_at
           FROM ${from}
          WHERE ${where.join(' AND ')}
          ORDER BY p.created_at DESC, p.id DESC
          LIMIT ${params.add(limit)}`,
        params.values,
      );
      keys.push(...rows.map((r) => ({ id: r.id, createdAt: r.created_at, tier })));
    }
    return keys;
  }

  /** How many active products match the filters (X-Total-Count). */
  async count(filters: ProductFilters): Promise<number> {
    const params = new Params();
    const { from, where } = this.filterSql(filters, params);
    const [row] = (await this.products.query(`SELECT count(*)::int AS count FROM ${from} WHERE ${where.join(' AND ')}`, params.values)) as {
      count: number;
    }[];
    return row.count;
  }

  /** Products with their sellers, in the order of `ids`; unknown ids are skipped. */
  async findWithSellerByIds(ids: string[], statuses: ProductEntity['status'][] = VISIBLE): Promise<ProductEntity[]> {
    if (!ids.length) return [];
    const found = await this.products.find({ where: { id: In(ids), status: In(statuses) }, relations: { seller: true } });
    const byId = new Map(found.map((p) => [p.id, p]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Whether the id names a product in any state, removed included. */
  exists(id: string): Promise<boolean> {
    return this.products.existsBy({ id });
  }

  /** A product that has a page: active or sold, not removed. */
  async findVisibleById(id: string): Promise<ProductEntity | null> {
    return this.products.findOne({ where: { id, status: In(VISIBLE) }, relations: { seller: true } });
  }

  /** A seller's active and sold products, newest first (served by products_seller_idx). */
  findVisibleBySeller(sellerId: string): Promise<ProductEntity[]> {
    return this.products.find({
      where: { sellerId, status: In(VISIBLE) },
      relations: { seller: true },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  /** The product row locked for a state change in the caller's transaction. */
  findForUpdate(manager: EntityManager, id: string): Promise<ProductEntity | null> {
    return manager.getRepository(ProductEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Active products per country (served by products_country_idx). */
  async countActiveByCountry(): Promise<{ country: string; count: number }[]> {
    return this.products.query(
      `SELECT country, count(*)::int AS count FROM catalog.products WHERE status = 'active'
        GROUP BY country ORDER BY count(*) DESC, country ASC`,
    );
  }

  /** The FROM and WHERE of the filters; `matches` turns the tsquery into the search condition (any match by default). */
  private filterSql(
    filters: ProductFilters,
    params: Params,
    matches: (query: string) => string = (query) => `p.search_vector @@ ${query}`,
  ): { from: string; where: string[] } {
    const where = [`p.status = 'active'`];
    let from = 'catalog.products p';
    if (filters.tsQuery) where.push(matches(`to_tsquery('simple', catalog.immutable_unaccent(${params.add(filters.tsQuery)}))`));
    if (filters.country) where.push(`p.country = ${params.add(filters.country)}`);
    if (filters.minPrice !== undefined) where.push(`p.price >= ${params.add(filters.minPrice)}::numeric`);
    if (filters.maxPrice !== undefined) where.push(`p.price <= ${params.add(filters.maxPrice)}::numeric`);
    if (filters.categories?.length) where.push(`p.category = ANY(${params.add(filters.categories)}::text[])`);
    if (filters.condition) where.push(`p.condition = ${params.add(filters.condition)}`);
    if (filters.location) {
      from += ` JOIN catalog.sellers s ON s.id = p.seller_id AND s.location = ${params.add(filters.location)}`;
    }
    return { from, where };
  }
}

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
   * inserts never shift later pages. With a search and sort=recent, the order is (rank desc, created_at desc,
   * id desc) and the rank is part of the key: a product's rank for a given query never changes, so the key
   * stays stable without any OFFSET. The GIN index serves the search filter; ranked rows are then sorted.
   */
  async findPageKeys(filters: ProductFilters, page: PageRequest): Promise<CursorKey[]> {
    const params = new Params();
    const { from, where, rank } = this.filterSql(filters, params);
    const ranked = rank !== null && page.sort === 'recent';
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
        if (ranked) {
          order = `${rank} DESC, p.created_at DESC, p.id DESC`;
          if (after) keyset = `(${rank}, p.created_at, p.id) < (${params.add(after.rank)}::real, ${t}, ${id})`;
        } else {
          order = 'p.created_at DESC, p.id DESC';
          if (after) keyset = `(p.created_at, p.id) < (${t}, ${id})`;
        }
        break;
    }
    const rows: { id: string; created_at: string; price: string; favorite_count: number; rank: string | null }[] =
      await this.products.query(
        `SELECT p.id, ${ISO_MICROS} AS created_at, p.price::text AS price, p.favorite_count,
                ${ranked ? `(${rank})::text` : 'NULL'} AS rank
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
      ...(ranked ? { rank: r.rank! } : {}),
    }));
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

  private filterSql(filters: ProductFilters, params: Params): { from: string; where: string[]; rank: string | null } {
    const where = [`p.status = 'active'`];
    let from = 'catalog.products p';
    let rank: string | null = null;
    if (filters.tsQuery) {
      const query = `to_tsquery('simple', catalog.immutable_unaccent(${params.add(filters.tsQuery)}))`;
      where.push(`p.search_vector @@ ${query}`);
      rank = `ts_rank(p.search_vector, ${query})`;
    }
    if (filters.country) where.push(`p.country = ${params.add(filters.country)}`);
    if (filters.minPrice !== undefined) where.push(`p.price >= ${params.add(filters.minPrice)}::numeric`);
    if (filters.maxPrice !== undefined) where.push(`p.price <= ${params.add(filters.maxPrice)}::numeric`);
    if (filters.categories?.length) where.push(`p.category = ANY(${params.add(filters.categories)}::text[])`);
    if (filters.condition) where.push(`p.condition = ${params.add(filters.condition)}`);
    if (filters.location) {
      from += ` JOIN catalog.sellers s ON s.id = p.seller_id AND s.location = ${params.add(filters.location)}`;
    }
    return { from, where, rank };
  }
}

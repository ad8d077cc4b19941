import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  Contents,
  ProductDto,
  ProductSort,
  ProductStatus,
  ProvenanceDto,
  ProvenanceReviewItemDto,
  ReservedForDto,
} from '@souvenir/contracts';
import { queryPool } from '@souvenir/platform';
import type { Pool } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import { withoutJit } from '../database/without-jit';
import type { CursorKey } from '../search/product-cursor';
import { rowToProductDto, type DecidedProvenance, type ProductRow, type ProductSaleState } from './product.mapper';
import { SEARCH_WINDOW_ROWS, SPARSE_TIER_MAX_MATCHES, type SearchTier } from '../search/product-search';
import { nearestTerms, type NearestWord } from '../search/suggestion';
import * as browse from './queries/browse-statements';
import type { Statement } from '../database/params';
import { isUnfiltered, type ProductFilters } from './queries/product-filters';
import * as statements from './queries/product-statements';
import { searchRead, tiersToWalk } from '../search/search-plan';
import type { TierMatch } from '../search/search-query';
import { cursorKeyOf, type KeySource } from '../search/sort-paging';
import { PreparedStatementsByText } from './queries/statement-cache';
import type { SellerProductKey } from './seller-product-cursor';

export interface PageRequest {
  sort: ProductSort;
  after: CursorKey | null;
  limit: number;
  /** For a search: its matches counted up to TOTAL_COUNT_BOUND + 1 (the list's total), which picks how the page is read. */
  matchCount?: number;
  /** For a ranked search: no title holds its words (`countWithFewMatches`), so the first tier is not walked. */
  noTitleMatch?: boolean;
}

/** One page of browse results: each product with the sort key a cursor after it would carry. */
export interface KeyedProduct {
  key: CursorKey;
  product: ProductDto;
}

type PageRow = ProductRow & KeySource;

/** A product as reserving decides on it (see `lockReservation`). */
export interface ReservationState {
  id: string;
  sellerId: string;
  status: ProductStatus;
  title: string;
  held: boolean;
  moderated: boolean;
  reservedFor: string | null;
  reservedUntil: string | null;
  /** Its time has passed (its end's job has not run yet): it counts as none. */
  reservationOver: boolean;
  reservationVersion: number;
  saleVersion: number;
}

/** What an edit decides on, locked until its commit; the reservation as it stands goes with the edit's event. */
export interface EditLock {
  sellerId: string;
  status: ProductStatus;
  price: string;
  editVersion: number;
  reservationVersion: number;
  saleVersion: number;
  /** Null: not reserved (or its time has passed). */
  reservedUntil: string | null;
}

const VISIBLE: ProductStatus[] = ['active', 'sold'];

/**
 * The one owner of catalog.products (and catalog.cancelled_orders): runs the statements of ./queries and maps
 * their rows. Reads run on the pool, outside any transaction; writes take the caller's transaction, so a change
 * and its outbox event commit together.
 */

@Injectable()
export class ProductsRepository {
  /** Rows a search page walks before it reads the rest through the index (SEARCH_WINDOW_ROWS; tests shrink it). */
  searchWindowRows = SEARCH_WINDOW_ROWS;

  /** Most matches a sparse tier's next page reads through the index (SPARSE_TIER_MAX_MATCHES; tests shrink it). */
  sparseTierMaxMatches = SPARSE_TIER_MAX_MATCHES;

  private readonly unfilteredPages = new PreparedStatementsByText<PageRow>('catalog.unfiltered-page');

  /** Where reads run: the primary's pool, or a read replica's in a view made by `on`. */
  private db: DataSource | Pool;

  constructor(@InjectDataSource() dataSource: DataSource) {
    withoutJit(dataSource);
    this.db = dataSource;
  }

  /**
   * The same repository reading from another pool (a read replica's). Only for reads that may lag the primary by
   * replay: a write takes the caller's transaction, which is always the primary's. The view shares this instance's
   * settings and prepared statements (names are per connection, and the replica's connections are others).
   */
  on(pool: Pool): ProductsRepository {
    const view = Object.create(this) as ProductsRepository;
    view.db = pool;
    return view;
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
    const { text, values } = browse.browsePage(filters, page.sort, page.after, page.limit);
    const rows = isUnfiltered(filters)
      ? await this.unfilteredPages.get(text).run(this.db, values)
      : await queryPool<PageRow>(this.db, text, values);
    return rows.map((r) => keyed(r, page.sort));
  }

  /**
   * A search's total, counted up to `bound` + 1, and its page when no more than `bound` match: one statement (the
   * count and the page read the same matches), unless the lexeme counts prove first, in a small statement, that
   * nothing matches (a word no product holds) or that more than the bound do (a frequent word without filters).
   * `found` is null past the bound: the page is then walked tier by tier (`findPage` with the count), which a total
   * recomputed in the background never needs.
   */
  async countWithFewMatches(
    filters: ProductFilters,
    page: Omit<PageRequest, 'matchCount'>,
    bound: number,
  ): Promise<{ counted: number; found: KeyedProduct[] | null; noTitleMatch?: boolean }> {
    const proofs = browse.lexemeProofs(filters, bound);
    if (proofs) {
      const [proven] = await this.read<{ no_match: boolean; past_bound: boolean; no_title_match: boolean }>(proofs);
      if (proven.no_match) return { counted: 0, found: [] };
      if (proven.past_bound) return { counted: bound + 1, found: null, noTitleMatch: proven.no_title_match };
    }
    const rows = await this.read<PageRow & { count: number; tier?: SearchTier; no_title_match?: boolean }>(
      browse.countedFewMatchesPage(filters, page.sort, page.after, page.limit, bound),
    );
    const counted = rows[0].count;
    if (counted > bound) return { counted, found: null, noTitleMatch: rows[0].no_title_match === true };
    return { counted, found: rows.filter((r) => r.id !== null).map((r) => keyed(r, page.sort, r.tier)) };
  }

  /**
   * A page of a search (`searchRead` picks how). With sort=recent it is ranked: better matches first, in boolean
   * tiers an index can serve instead of a ts_rank of every match: every word in the title (tier 2), in the title,
   * category or country (tier 1), anywhere, the description included (tier 0); newest first within a tier. The
   * order is (tier desc, created_at desc, id desc) and the tier is part of the cursor's key; a product's tier for a
   * query never changes, so pages never repeat or skip. Other sorts read the matches anywhere in their order.
   */
  private async findSearchPage(filters: ProductFilters, page: PageRequest): Promise<KeyedProduct[]> {
    switch (searchRead(page.matchCount)) {
      case 'none':
        return [];
      case 'allMatches':
        return this.findAllMatches(filters, page);
      case 'walkTiers': {
        const found: KeyedProduct[] = [];
        for (const tier of tiersToWalk(page.sort, page.after)) {
          const limit = page.limit - found.length;
          if (limit <= 0) break;
          if (tier === 2 && page.noTitleMatch) continue;
          const tierAfter = page.after && page.after.tier === tier ? page.after : null;
          const { rows, sparse } = await this.readMatches(filters, page.sort, tierAfter, tier, limit);
          found.push(...rows.map((r) => keyed(r, page.sort, tier, sparse)));
        }
        return found;
      }
    }
  }

  /** A page of a search with at most TOTAL_COUNT_BOUND matches: one statement, whatever the tiers hold. */
  private async findAllMatches(filters: ProductFilters, page: PageRequest): Promise<KeyedProduct[]> {
    if (page.sort !== 'recent')
      return (await this.read<PageRow>(browse.fewMatchesPage(filters, page.sort, page.after, page.limit))).map((r) =>
        keyed(r, page.sort),
      );
    const rows = await this.read<PageRow & { tier: SearchTier }>(
      browse.fewMatchesRankedPage(filters, page.after, page.limit),
    );
    return rows.map((r) => keyed(r, page.sort, r.tier));
  }

  /**
   * Up to `limit` products matching `tier` strictly after `after` in the sort's order, in at most two bounded reads,
   * whatever the words: the next `searchWindowRows` rows of the order, each tested, stopping at `limit` matches
   * (frequent words: a few hundred rows); if the window ends first, the words are rare there, so the matches after
   * it are few and are read through the GIN index, and the tier is `sparse`. A cursor of a sparse tier skips the
   * window: its next page is read through the index at once (a later page of "wooden ornament" at 1M products walked
   * 2,000 rows for six matches first), unless more than `sparseTierMaxMatches` match, more than a window can have
   * left (the cursor is forged, or its tier grew), and the page is then read as usual.
   */
  private async readMatches(
    filters: ProductFilters,
    sort: ProductSort,
    after: CursorKey | null,
    tier: TierMatch,
    limit: number,
  ): Promise<{ rows: PageRow[]; sparse: boolean }> {
    if (after?.sparse) {
      const rows = await this.read<PageRow & { overflow: boolean }>(
        browse.matchesByIndexPage(filters, sort, after, tier, limit, this.sparseTierMaxMatches),
      );
      if (!rows.some((r) => r.overflow)) return { rows, sparse: true };
    }
    const rows = await this.read<PageRow & { hit: boolean; window_end: boolean }>(
      browse.searchWindowPage(filters, sort, after, tier, limit, this.searchWindowRows),
    );
    const hits = rows.filter((r) => r.hit);
    const windowEnd = rows.find((r) => r.window_end);
    if (hits.length >= limit || !windowEnd) return { rows: hits, sparse: false };
    const rest = browse.matchesByIndexPage(filters, sort, cursorKeyOf(windowEnd, sort), tier, limit - hits.length);
    return { rows: [...hits, ...(await this.read<PageRow>(rest))], sparse: true };
  }

  /** How many active products match the filters, counting no further than `bound` + 1 (more means "more than"). */
  async countUpTo(filters: ProductFilters, bound: number): Promise<number> {
    const [row] = await this.read<{ count: number }>(browse.countUpTo(filters, bound));
    return row.count;
  }

  /** Each word folded, whether a known term starts with it, and else the nearest terms ("Did you mean"). */
  nearestTerms(words: string[]): Promise<NearestWord[]> {
    return this.read(nearestTerms(words));
  }

  /** Products with their sellers, in the order of `ids`; unknown ids are skipped. */
  async findWithSellerByIds(ids: string[], statuses: ProductStatus[] = VISIBLE): Promise<ProductDto[]> {
    if (!ids.length) return [];
    const rows = await statements.WITH_SELLER_BY_IDS.run(this.db, [ids, statuses]);
    const byId = new Map(rows.map((r) => [r.id, rowToProductDto(r)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Whether the id names a product in any state, removed included. */
  async exists(id: string): Promise<boolean> {
    const [row] = await this.read<{ exists: boolean }>(statements.productExists(id));
    return row.exists;
  }

  /** A product that has a page: active or sold, not removed. */
  async findVisibleById(id: string): Promise<ProductDto | null> {
    const [row] = await statements.VISIBLE_BY_ID.run(this.db, [id, VISIBLE]);
    return row ? rowToProductDto(row) : null;
  }

  /** Up to `limit` of a seller's products in these states, newest first, strictly after `after`, with cursor keys. */
  async findPageBySeller(
    sellerId: string,
    statuses: readonly ProductStatus[],
    after: SellerProductKey | null,
    limit: number,
  ): Promise<{ key: SellerProductKey; product: ProductDto }[]> {
    const rows = await this.read<ProductRow & { key_created_at: string }>(
      statements.sellerPage(sellerId, statuses, after, limit),
    );
    return rows.map((row) => ({ key: { createdAt: row.key_created_at, id: row.id }, product: rowToProductDto(row) }));
  }

  async countBySeller(sellerId: string, statuses: readonly ProductStatus[]): Promise<number> {
    const [row] = await this.read<{ count: number }>(statements.sellerCount(sellerId, statuses));
    return row?.count ?? 0;
  }

  countActiveByCountry(): Promise<{ country: string; count: number }[]> {
    return this.read(statements.ACTIVE_BY_COUNTRY);
  }

  async findActiveIds(after: string | null, limit: number): Promise<string[]> {
    const rows = await this.read<{ id: string }>(statements.activeIds(after, limit));
    return rows.map((row) => row.id);
  }

  /** Inserts an active listing in the caller's transaction and answers it as every read does. */
  async insert(manager: EntityManager, product: statements.NewProduct): Promise<ProductDto> {
    const [row] = await this.inTransaction<ProductRow>(manager, statements.insertProduct(product));
    return rowToProductDto(row);
  }

  /** A visible product's provenance; undefined for an unknown or removed product. */
  async findProvenance(id: string): Promise<ProvenanceDto | null | undefined> {
    const [row] = await this.read<{ provenance: ProvenanceDto | null }>(statements.provenanceOf(id));
    return row ? row.provenance : undefined;
  }

  /** Support's provenance queue: documented listings waiting for review, oldest first. */
  async findProvenanceQueue(limit: number): Promise<ProvenanceReviewItemDto[]> {
    const rows = await this.read<Record<string, unknown>>(statements.provenanceQueue(limit));
    return rows.map((row) => ({
      productId: row.id as string,
      title: row.title as string,
      country: row.country as string,
      image: (row.image as string | null) ?? null,
      sellerId: row.seller_id as string,
      contents: row.contents as Contents[] | null,
      provenance: (row.provenance as ProvenanceDto | null) ?? {},
      listedAt: row.created_at_iso as string,
    }));
  }

  /** How many documented listings wait for review. */
  async countProvenanceQueue(): Promise<number> {
    const [row] = await this.read<{ count: number }>(statements.provenanceQueueCount());
    return row?.count ?? 0;
  }

  /** Records support's decision on a listing still waiting for review; false when it was not waiting. */
  async decideProvenance(
    manager: EntityManager,
    id: string,
    approve: boolean,
    reviewerId: string,
  ): Promise<DecidedProvenance | null> {
    const [row] = await this.inTransaction<DecidedProvenance>(
      manager,
      statements.decideProvenance(id, approve, reviewerId),
    );
    return row ?? null;
  }

  /** The product's sale state, its row locked until the caller's transaction ends; null for an unknown id. */
  async lockSaleState(manager: EntityManager, id: string): Promise<ProductSaleState | null> {
    const [row] = await this.inTransaction<ProductSaleState>(manager, statements.lockSaleState(id));
    return row ?? null;
  }

  /** Support took the product off sale, or it waits for support (moderation): its seller cannot put it back. */
  async isModerated(manager: EntityManager, id: string): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `SELECT 1 FROM catalog.products WHERE id = $1 AND (moderated_at IS NOT NULL OR held_at IS NOT NULL)`,
      [id],
    );
    return rows.length > 0;
  }

  /** Marks a product held for support; answers whether it was (a held or moderated one is not held again). */
  async markHeld(manager: EntityManager, id: string): Promise<boolean> {
    const [, count] = await manager.query<[unknown[], number]>(
      `UPDATE catalog.products SET held_at = now() WHERE id = $1 AND held_at IS NULL AND moderated_at IS NULL`,
      [id],
    );
    return count === 1;
  }

  /** A new account's listing past its hourly threshold: held like a keyword hold, and marked as the velocity's. */
  async markHeldForVelocity(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`UPDATE catalog.products SET held_at = now(), held_for_velocity = true WHERE id = $1`, [id]);
  }

  /** Releases the listings the velocity rule held for this seller (products_velocity_held_idx); answers their ids. */
  async releaseVelocityHolds(manager: EntityManager, sellerId: string): Promise<string[]> {
    const [rows] = await manager.query<[{ id: string }[], number]>(
      `UPDATE catalog.products SET held_at = NULL, held_for_velocity = false
        WHERE seller_id = $1 AND held_for_velocity AND held_at IS NOT NULL AND moderated_at IS NULL RETURNING id`,
      [sellerId],
    );
    return rows.map((r) => r.id);
  }

  /** Releases a held product; answers whether it was held (and not taken off sale by support since). */
  async releaseHold(manager: EntityManager, id: string): Promise<boolean> {
    const [, count] = await manager.query<[unknown[], number]>(
      `UPDATE catalog.products SET held_at = NULL WHERE id = $1 AND held_at IS NOT NULL AND moderated_at IS NULL`,
      [id],
    );
    return count === 1;
  }

  /** Marks one product moderated; answers its id when it exists. */
  async markModerated(manager: EntityManager, id: string): Promise<string[]> {
    const [rows] = await manager.query<[{ id: string }[], number]>(
      `UPDATE catalog.products SET moderated_at = coalesce(moderated_at, now()) WHERE id = $1 RETURNING id`,
      [id],
    );
    return rows.map((r) => r.id);
  }

  /** Marks every product of a suspended seller moderated (by the seller index); answers the active ones' ids. */
  async markSellerModerated(manager: EntityManager, sellerId: string): Promise<string[]> {
    const [rows] = await manager.query<[{ id: string; status: string }[], number]>(
      `UPDATE catalog.products SET moderated_at = coalesce(moderated_at, now()) WHERE seller_id = $1
       RETURNING id, status`,
      [sellerId],
    );
    return rows
      .filter((r) => r.status === 'active')
      .map((r) => r.id)
      .sort();
  }

  async saveSaleState(manager: EntityManager, state: ProductSaleState): Promise<void> {
    await this.inTransaction(manager, statements.saveSaleState(state));
  }

  /** Moves a product's favourite count (what Most Popular orders by) by `delta`, never below zero. */
  async addToFavouriteCount(manager: EntityManager, id: string, delta: number): Promise<void> {
    await this.inTransaction(manager, statements.addToFavouriteCount(id, delta));
  }

  /** Remembers an order cancelled before shipping (its late payment event must not sell the product). */
  async recordCancelledOrder(manager: EntityManager, orderId: string): Promise<void> {
    await this.inTransaction(manager, statements.recordCancelledOrder(orderId));
  }

  async isCancelledOrder(manager: EntityManager, orderId: string): Promise<boolean> {
    return (await this.inTransaction(manager, statements.isCancelledOrder(orderId))).length > 0;
  }

  async lockForEdit(manager: EntityManager, id: string): Promise<EditLock | null> {
    const [row] = await this.inTransaction<EditLock>(manager, statements.lockForEdit(id));
    return row ?? null;
  }

  /** Writes an edit; answers the listing's new edit version. */
  async updateListing(manager: EntityManager, id: string, listing: statements.EditedListing): Promise<number> {
    // An UPDATE answers [rows, row count] through TypeORM's query().
    const [rows] = await this.inTransaction<{ editVersion: number }[]>(manager, statements.updateListing(id, listing));
    return rows![0]!.editVersion;
  }

  async recordRefundedOrder(manager: EntityManager, orderId: string): Promise<void> {
    await this.inTransaction(manager, statements.recordRefundedOrder(orderId));
  }

  async isRefundedOrder(manager: EntityManager, orderId: string): Promise<boolean> {
    return (await this.inTransaction(manager, statements.isRefundedOrder(orderId))).length > 0;
  }

  /** A claim refunded this item of a bundle order whose other items were kept. */
  async recordRefundedItem(manager: EntityManager, orderId: string, productId: string): Promise<void> {
    await this.inTransaction(manager, statements.recordRefundedItem(orderId, productId));
  }

  async isRefundedItem(manager: EntityManager, orderId: string, productId: string): Promise<boolean> {
    return (await this.inTransaction(manager, statements.isRefundedItem(orderId, productId))).length > 0;
  }

  /** A product's reservation and what reserving it decides on, its row locked until the caller's commit. */
  async lockReservation(manager: EntityManager, id: string): Promise<ReservationState | null> {
    const [row] = await this.inTransaction<ReservationState>(manager, statements.lockReservation(id));
    return row ?? null;
  }

  /** Reserves the product for the buyer for `seconds` from now; answers its end and the reservation's version. */
  async reserve(
    manager: EntityManager,
    id: string,
    buyerId: string,
    seconds: number,
  ): Promise<{ reservedUntil: string; reservationVersion: number }> {
    const [rows] = await this.inTransaction<{ reservedUntil: string; reservationVersion: number }[]>(
      manager,
      statements.reserve(id, buyerId, seconds),
    );
    return rows![0]!;
  }

  /** Ends the product's reservation; answers the reservation's new version, or null when it had none. */
  async endReservation(manager: EntityManager, id: string): Promise<number | null> {
    const [rows] = await this.inTransaction<{ reservationVersion: number }[]>(manager, statements.endReservation(id));
    return rows?.[0]?.reservationVersion ?? null;
  }

  /** The ids of the products reserved for the buyer (by one seller, when given). */
  async findReservedForBuyer(manager: EntityManager, buyerId: string, sellerId: string | null): Promise<string[]> {
    const rows = await this.inTransaction<{ id: string }>(manager, statements.reservedForBuyer(buyerId, sellerId));
    return rows.map((row) => row.id);
  }

  /** Who the product is reserved for now, with their name (only its seller and they are shown it); null: nobody. */
  async findReservedFor(id: string): Promise<ReservedForDto | null> {
    const [row] = await this.read<ReservedForDto & Record<string, unknown>>(statements.reservedFor(id));
    return row ? { id: row.id, firstName: row.firstName, lastName: row.lastName } : null;
  }

  /** A read on the pool, planned for its values (see `PreparedStatementsByText` for the statements that are not). */
  private read<Row extends object>(statement: Statement): Promise<Row[]> {
    return queryPool<Row & Record<string, unknown>>(this.db, statement.text, statement.values);
  }

  /** A statement in the caller's transaction. */
  private inTransaction<Row = unknown>(manager: EntityManager, statement: Statement): Promise<Row[]> {
    return manager.query(statement.text, statement.values);
  }
}

function keyed(row: PageRow, sort: ProductSort, tier?: SearchTier, sparse = false): KeyedProduct {
  return { key: cursorKeyOf(row, sort, tier, sparse), product: rowToProductDto(row) };
}

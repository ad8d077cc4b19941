import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  countryOfLocation,
  EVENTS,
  PAGE_SIZE,
  PAYMENT_MESSAGES,
  type CategoryDto,
  type OrderChangedEvent,
  type ModerationDecidedEvent,
  type ListingHeldEvent,
  type CreateProductRequest,
  type CreatedProductDto,
  type Done,
  type GetProductRequest,
  type GetProductsByIdsRequest,
  type ListProductIdsRequest,
  type ListProductsRequest,
  type ListSellerProductsRequest,
  type ProductDto,
  type ProductListPageDto,
  type ProductPageDto,
  type ProductSort,
  type RemoveProductRequest,
  type RelistProductRequest,
  type UpdateProductRequest,
  CreateProductDto,
  RPC,
  CONTENTS_REQUIRED,
  type Contents,
  type DecideProvenanceRequest,
  type ListProvenanceQueueRequest,
  type CountSupportQueueRequest,
  type ProvenanceQueueCountDto,
  type ProductCustomsDto,
  type ProvenanceDto,
  type ProvenanceReviewItemDto,
  ErrorCode,
  SELLER_PRODUCT_STATUSES,
} from '@souvenir/contracts';
import { DomainError, Outbox, parsePayload, RpcClient, SerialisedJson, SupportRole } from '@souvenir/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { CustomsService } from '../customs/customs.service';
import { SellersService } from '../sellers/sellers.service';
import { FirstPageCache, ProductCountCache } from './product-list-caches';
import { ListingVelocity } from './listing-velocity';
import { ListReads } from './list-reads';
import { decodeCursor, encodeCursor, type CursorKey } from '../search/product-cursor';
import {
  toCategoryDto,
  toOriginChangedEvent,
  toProductListedEvent,
  toProductRemovedEvent,
  toProductUpdatedEvent,
  toSaleChangedEvent,
} from './product.mapper';
import { TOTAL_COUNT_BOUND, toSearchWords } from '../search/product-search';
import { correctedWords } from '../search/suggestion';
import type { ProductFilters } from './queries/product-filters';
import { ProductsRepository, type KeyedProduct } from './products.repository';
import { decodeSellerProductCursor, encodeSellerProductCursor } from './seller-product-cursor';

const PROVENANCE_QUEUE_SIZE = 50;
const SUPPORT_ONLY_PROVENANCE = 'Only support can review provenance documents';
const SOLD_NOT_EDITABLE = 'This item has been sold, so its listing can no longer be edited';
const IN_CHECKOUT_NOT_EDITABLE =
  'A buyer is paying for this item right now, so it cannot be edited until their checkout ends';

@Injectable()
export class ProductsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly products: ProductsRepository,
    private readonly sellers: SellersService,
    private readonly outbox: Outbox,
    private readonly counts: ProductCountCache,
    private readonly firstPages: FirstPageCache,
    private readonly customs: CustomsService,
    private readonly supportRole: SupportRole,
    private readonly rpc: RpcClient,
    private readonly velocity: ListingVelocity,
    private readonly listReads: ListReads,
  ) {}

  async create(request: CreateProductRequest): Promise<CreatedProductDto> {
    const input = request.product;
    const { provenance, ...listing } = listingFields(input);
    await this.sellers.ensureSeller(request.actorId);
    return this.dataSource
      .transaction(async (manager): Promise<CreatedProductDto> => {
        // First, so a new account past its threshold is refused (429) before anything is written.
        const admission = await this.velocity.admit(manager, request.actorId);
        const product = await this.products.insert(manager, {
          sellerId: request.actorId,
          ...listing,
          provenance: provenance.value,
          originLevel: provenance.originLevel,
        });
        // The seller's country is the seller row's, which the insert answers; a refusal rolls the insert back.
        this.customs.refuseUnsellable(await this.customs.noticesFor(product.shipsFrom, listing.contents as Contents[]));
        await this.outbox.add(
          manager,
          EVENTS.catalog.productListed,
          toProductListedEvent(product, (provenance.value as ProvenanceDto | null)?.documents, admission.held),
        );
        if (!admission.held) return product;
        // The keyword hold's path, taken in the same transaction: listed and at once removed and held, so every read
        // model sees what it sees for a held listing and nobody ever finds it on sale; support's dismissal relists it.
        await this.products.markHeldForVelocity(manager, product.id);
        await this.takeOffSale(manager, product.id);
        await this.outbox.add(manager, EVENTS.catalog.listingVelocityExceeded, {
          userId: request.actorId,
          name: admission.name,
          count: admission.count,
          windowStart: admission.windowStart,
          productId: product.id,
          occurredAt: new Date().toISOString(),
        });
        return { ...product, heldForReview: true };
      })
      .finally(() => this.forgetListings());
  }

  /**
   * The seller edits a listing: the listing as it would be after the changes is checked with the sell form's own
   * rules (CreateProductDto) and the seller's country's customs rules, as a new listing is. Not while it is sold, nor
   * while a buyer is paying for it (their amount is fixed when their checkout starts). Answers the product as its
   * page shows it.
   */
  async update(request: UpdateProductRequest): Promise<ProductDto> {
    const [current, currentProvenance] = await Promise.all([
      this.products.findVisibleById(request.productId),
      this.products.findProvenance(request.productId),
    ]);
    if (!current) throw DomainError.notFound('Product');
    if (current.seller.id !== request.actorId) throw DomainError.forbidden('You can only edit your own listings');
    if (current.status === 'sold') throw DomainError.conflict(SOLD_NOT_EDITABLE);
    const changes = withKeptDocuments(request.changes, currentProvenance ?? null);
    const input = await parsePayload(CreateProductDto, {
      ...sellFormFieldsOf(current, currentProvenance ?? null),
      ...changes,
    });
    const { provenance, ...listing } = listingFields(input);
    const sameDocuments =
      JSON.stringify(currentProvenance?.documents ?? []) === JSON.stringify(input.provenance?.documents ?? []);
    this.customs.refuseUnsellable(await this.customs.noticesFor(current.shipsFrom, listing.contents as Contents[]));
    if ((await this.rpc.send(RPC.payments.openCheckout, { productId: request.productId })).open)
      throw DomainError.conflict(IN_CHECKOUT_NOT_EDITABLE);
    await this.dataSource
      .transaction(async (manager) => {
        const locked = await this.products.lockForEdit(manager, request.productId);
        // Sold or removed between the read above and this lock.
        if (!locked || locked.status === 'removed') throw DomainError.notFound('Product');
        if (locked.status === 'sold') throw DomainError.conflict(SOLD_NOT_EDITABLE);
        const version = await this.products.updateListing(manager, request.productId, {
          ...listing,
          // Provenance only when the edit names it: support's decision on unchanged documents stands.
          ...('provenance' in changes ? { provenance: sameDocuments ? { value: provenance.value } : provenance } : {}),
        });
        const dropped = toCents(listing.price) < toCents(locked.price);
        const { title, price, images, description, category, country, condition } = listing;
        const edited = { ...current, title, price, images, description, category, country, condition };
        await this.outbox.add(
          manager,
          EVENTS.catalog.productUpdated,
          toProductUpdatedEvent(edited, version, dropped ? locked.price : null, locked),
        );
      })
      .finally(() => this.forgetListings());
    return this.get({ productId: request.productId });
  }

  /** The product page's customs panel: the seller's country's rules for its contents, and its provenance. */
  async customsOf(request: GetProductRequest): Promise<ProductCustomsDto> {
    const [product, provenance] = await Promise.all([
      this.products.findVisibleById(request.productId),
      this.products.findProvenance(request.productId),
    ]);
    if (!product || provenance === undefined) throw DomainError.notFound('Product');
    // Anyone reads this answer: the documents (a receipt's photo) are said to exist, never linked.
    const { documents = [], ...publicProvenance } = provenance ?? {};
    return {
      productId: product.id,
      shipsFrom: product.shipsFrom,
      contents: product.contents,
      originLevel: product.originLevel,
      notices: await this.customs.noticesFor(product.shipsFrom, product.contents),
      provenance: provenance ? publicProvenance : null,
      hasDocuments: documents.length > 0,
    };
  }

  /** Support's provenance queue: documented listings waiting for review, oldest first. */
  async provenanceQueue(request: ListProvenanceQueueRequest): Promise<ProvenanceReviewItemDto[]> {
    await this.supportRole.require(request.actorId, SUPPORT_ONLY_PROVENANCE);
    return this.products.findProvenanceQueue(PROVENANCE_QUEUE_SIZE);
  }

  /** The support nav's count of the provenance queue (every waiting listing, not only the page shown). */
  async countProvenanceQueue(request: CountSupportQueueRequest): Promise<ProvenanceQueueCountDto> {
    await this.supportRole.require(request.actorId, SUPPORT_ONLY_PROVENANCE);
    return { provenance: await this.products.countProvenanceQueue() };
  }

  /** Approve: the origin is 'checked'; reject: the documents no longer count. Answers the product as its page shows it. */
  async decideProvenance(request: DecideProvenanceRequest): Promise<ProductDto> {
    await this.supportRole.require(request.actorId, SUPPORT_ONLY_PROVENANCE);
    // The decision and its event in one transaction: favourites' stored cards follow the product's origin level.
    const decided = await this.dataSource.transaction(async (manager) => {
      const row = await this.products.decideProvenance(
        manager,
        request.productId,
        request.decision === 'approve',
        request.actorId,
      );
      if (row) await this.outbox.add(manager, EVENTS.catalog.productOriginChanged, toOriginChangedEvent(row));
      return row;
    });
    if (!decided) {
      if (!(await this.products.findVisibleById(request.productId))) throw DomainError.notFound('Product');
      throw DomainError.conflict('This listing is not waiting for a provenance review');
    }
    this.forgetListings();
    return this.get({ productId: request.productId });
  }

  /**
   * A product's page: sold products stay visible there; removed ones are gone. A reserved one names its buyer to the
   * viewer only when the viewer is its seller or that buyer (everyone else reads "Reserved until …").
   */
  async get(request: GetProductRequest): Promise<ProductDto> {
    const product = await this.products.findVisibleById(request.productId);
    if (product) return request.viewerId && product.reservedUntil ? this.withBuyer(product, request.viewerId) : product;
    if (request.removedAsConflict && (await this.products.exists(request.productId))) {
      throw DomainError.conflict(PAYMENT_MESSAGES.noLongerAvailable);
    }
    throw DomainError.notFound('Product');
  }

  private async withBuyer(product: ProductDto, viewerId: string): Promise<ProductDto> {
    const buyer = await this.products.findReservedFor(product.id);
    // Ids are compared as the reads answer them (lower case).
    const viewer = viewerId.toLowerCase();
    return buyer && (viewer === product.seller.id || viewer === buyer.id)
      ? { ...product, reservedFor: buyer }
      : product;
  }

  /**
   * Browse and search: active products only, one keyset page at a time, with the total for the headers. The page
   * is one query answering products, sellers and cursor keys together (no second lookup by id).
   */
  async list(request: ListProductsRequest): Promise<ProductListPageDto | SerialisedJson<ProductListPageDto>> {
    const query = request.query;
    const sort = query.sort ?? 'recent';
    const limit = query.limit ?? PAGE_SIZE.default;
    const filters: ProductFilters = {
      searchWords: toSearchWords(query.search),
      country: query.country?.trim() || undefined,
      minPrice: query.minPrice,
      maxPrice: query.maxPrice,
      categories: query.categories,
      condition: query.condition,
      location: query.location?.trim() || undefined,
      contents: query.contents?.length ? [...new Set(query.contents)].sort() : undefined,
      documentedOrigin: query.documentedOrigin || undefined,
      // Read like a location ("UK" is the United Kingdom), as sellers' countries are (`sellers.ships_from`).
      shipsTo: query.shipsTo?.trim() ? (countryOfLocation(query.shipsTo) ?? query.shipsTo.trim()) : undefined,
    };
    const ranked = filters.searchWords !== null && sort === 'recent';
    const after = query.cursor ? decodeCursor(query.cursor, sort, ranked) : null;
    // A viewer who just changed their listings sees it: the primary, past the caches others' replica reads fill.
    if (this.listReads.ownWritesPending(request.wroteAt))
      return this.listReads.run(
        (products) => this.readPage(products, false, filters, sort, limit, after, ranked),
        true,
      );
    const read = () =>
      this.listReads.run((products) => this.readPage(products, true, filters, sort, limit, after, ranked));
    return after ? read() : this.firstPages.get({ filters, sort, limit }, read);
  }

  /** A page read with `products` (the primary or a replica); `cached`: the shared totals may answer its count. */
  private async readPage(
    products: ProductsRepository,
    cached: boolean,
    filters: ProductFilters,
    sort: ProductSort,
    limit: number,
    after: CursorKey | null,
    ranked: boolean,
  ): Promise<ProductListPageDto> {
    // One row more than the page: its presence says whether a next page exists. The total is counted exactly up to
    // TOTAL_COUNT_BOUND (one more means "more than that"). A search counts first: a search with no match reads no
    // page, and one with few matches reads them all at once through the index, in the same statement as the count
    // (see countWithFewMatches); browsing counts alongside the page.
    const total = (count: () => Promise<number>) =>
      cached ? this.counts.getUpTo(filters, TOTAL_COUNT_BOUND, count) : count();
    let found: KeyedProduct[];
    let counted: number;
    if (filters.searchWords !== null) {
      // Unless the total is cached, the count and (when few match) the page are one statement.
      let read: { counted: number; found: KeyedProduct[] | null; noTitleMatch?: boolean } | undefined;
      counted = await total(async () => {
        read = await products.countWithFewMatches(filters, { sort, after, limit: limit + 1 }, TOTAL_COUNT_BOUND);
        return read.counted;
      });
      // `read` is this request's own only when the cache did not answer first (a stale total is recomputed behind).
      found =
        read?.counted === counted && read.found
          ? read.found
          : await products.findPage(filters, {
              sort,
              after,
              limit: limit + 1,
              matchCount: counted,
              noTitleMatch: read?.noTitleMatch,
            });
    } else {
      [found, counted] = await Promise.all([
        products.findPage(filters, { sort, after, limit: limit + 1 }),
        total(() => products.countUpTo(filters, TOTAL_COUNT_BOUND)),
      ]);
    }
    const page = found.slice(0, limit);
    const last = page[page.length - 1];
    const suggestion = counted === 0 && after === null ? await this.suggest(products, filters) : null;
    // The items last: the gateway reads the other members and passes the items' JSON on as it is, hearts written in.
    return {
      nextCursor: found.length > limit && last ? encodeCursor(sort, ranked, last.key) : null,
      totalCount: Math.min(counted, TOTAL_COUNT_BOUND),
      ...(counted > TOTAL_COUNT_BOUND ? { totalIsLowerBound: true } : {}),
      ...(suggestion ? { suggestion } : {}),
      itemIds: page.map((p) => p.product.id),
      items: page.map((p) => p.product),
    };
  }

  /**
   * "Did you mean …" for a search that found nothing: each word no known term starts with (titles' words, categories,
   * countries) is replaced by the nearest term within a typo's distance. The suggestion is answered only if it
   * finds something with the same filters; a search whose words are all known (they just never meet) gets none.
   */
  private async suggest(products: ProductsRepository, filters: ProductFilters): Promise<string | null> {
    if (!filters.searchWords) return null;
    const searchWords = correctedWords(await products.nearestTerms(filters.searchWords));
    if (!searchWords) return null;
    const found = await products.countUpTo({ ...filters, searchWords }, 0);
    return found > 0 ? searchWords.join(' ') : null;
  }

  /** Soft removal by the seller: the product leaves every list, search and count, and its page answers NOT_FOUND. */
  async remove(request: RemoveProductRequest): Promise<Done> {
    return this.dataSource
      .transaction(async (manager) => {
        const product = await this.products.lockSaleState(manager, request.productId);
        if (!product || product.status === 'removed') throw DomainError.notFound('Product');
        if (product.sellerId !== request.actorId) throw DomainError.forbidden('You can only remove your own listings');
        if (product.status === 'sold')
          throw DomainError.conflict('This product has been sold and can no longer be removed');
        // A new sale version: a later relisting carries a higher one, so read models apply the two in order.
        const removed = { ...product, status: 'removed' as const, saleVersion: product.saleVersion + 1 };
        await this.products.saveSaleState(manager, removed);
        await this.outbox.add(manager, EVENTS.catalog.productRemoved, toProductRemovedEvent(removed));
        return { ok: true as const };
      })
      .finally(() => this.forgetListings());
  }

  /**
   * The seller deleted their account: every listing still on sale is removed as if they had removed it (the same
   * event, so favourites, messaging and payments follow), and the documents of all their listings lose the personal
   * details they held. Sold listings stay for their buyers' orders, under "Deleted user".
   */
  async removeAllOfDeletedSeller(sellerId: string, manager: EntityManager): Promise<void> {
    const rows = await manager.query<{ id: string }[]>(
      `SELECT id FROM catalog.products WHERE seller_id = $1 AND status = 'active' ORDER BY id`,
      [sellerId],
    );
    for (const { id } of rows) {
      const product = await this.products.lockSaleState(manager, id);
      if (!product || product.status !== 'active') continue;
      const removed = { ...product, status: 'removed' as const, saleVersion: product.saleVersion + 1 };
      await this.products.saveSaleState(manager, removed);
      await this.outbox.add(manager, EVENTS.catalog.productRemoved, toProductRemovedEvent(removed));
    }
    await manager.query(
      `UPDATE catalog.products SET provenance = NULL WHERE seller_id = $1 AND provenance IS NOT NULL`,
      [sellerId],
    );
    this.forgetListings();
  }

  /**
   * A paid order sells its product (consumer of payments' order paid). Only an active product is sold: a second
   * order paid for the same product changes nothing here (payments refunds it).
   */
  async markSold(productId: string, orderId: string, manager: EntityManager): Promise<void> {
    const found = await this.products.lockSaleState(manager, productId);
    if (!found || found.status !== 'active') return;
    // Its cancellation was applied first (another consumer): the sale is already undone.
    if (await this.products.isCancelledOrder(manager, orderId)) return;
    const product = { ...found, status: 'sold' as const, soldOrderId: orderId, saleVersion: found.saleVersion + 1 };
    await this.products.saveSaleState(manager, product);
    await this.outbox.add(manager, EVENTS.catalog.productSold, toSaleChangedEvent(product));
    this.forgetListings();
  }

  /**
   * An order cancelled before shipping (paid → cancelled) puts its product back on sale, if that order is the one that
   * sold it (a product with no recorded order was sold before orders were recorded, by its one paid order). Any other
   * change, or an order that did not sell the product, changes nothing. The cancellation is remembered, so the
   * order's payment, if its event comes later, sells nothing.
   */
  async applyOrderChanged(event: OrderChangedEvent, manager: EntityManager): Promise<void> {
    // A refund after shipping leaves the item with the buyer or on its way back: its seller relists it when ready.
    if (event.to === 'refunded') return this.products.recordRefundedOrder(manager, event.orderId);
    // So for an item a claim refunded out of a bundle whose other items were kept (the order completes).
    if (event.refundedProductIds?.includes(event.productId))
      return this.products.recordRefundedItem(manager, event.orderId, event.productId);
    if (event.from !== 'paid' || event.to !== 'cancelled') return;
    const found = await this.products.lockSaleState(manager, event.productId);
    await this.products.recordCancelledOrder(manager, event.orderId);
    if (!found || found.status !== 'sold' || (found.soldOrderId !== null && found.soldOrderId !== event.orderId))
      return;
    // Support took the seller's listings off sale meanwhile: the cancelled sale does not put it back.
    if (await this.products.isModerated(manager, found.id)) {
      const removed = { ...found, status: 'removed' as const, soldOrderId: null, saleVersion: found.saleVersion + 1 };
      await this.products.saveSaleState(manager, removed);
      await this.outbox.add(manager, EVENTS.catalog.productRemoved, toProductRemovedEvent(removed));
      this.forgetListings();
      return;
    }
    const product = { ...found, status: 'active' as const, soldOrderId: null, saleVersion: found.saleVersion + 1 };
    await this.products.saveSaleState(manager, product);
    await this.outbox.add(manager, EVENTS.catalog.productRelisted, toSaleChangedEvent(product));
    this.forgetListings();
  }

  /**
   * The seller puts a listing back on sale: a removed one, or a sold one whose order was refunded, or whose item a
   * claim refunded out of a bundle kept in part (an order cancelled before shipping relists its product by itself). Answers the product as its page shows it.
   */
  async relist(request: RelistProductRequest): Promise<ProductDto> {
    await this.dataSource
      .transaction(async (manager) => {
        const product = await this.products.lockSaleState(manager, request.productId);
        if (!product) throw DomainError.notFound('Product');
        if (product.sellerId !== request.actorId) throw DomainError.forbidden('You can only relist your own listings');
        if (product.status === 'active') throw DomainError.conflict('This listing is already on sale');
        if (await this.products.isModerated(manager, product.id))
          throw DomainError.conflict('Support took this listing off sale, so it cannot be put back on sale');
        if (product.status === 'sold' && !(await this.refundedSale(manager, product.id, product.soldOrderId)))
          throw DomainError.conflict(
            'This item was sold and its order was not cancelled or refunded, so it cannot be put back on sale',
          );
        const relisted = {
          ...product,
          status: 'active' as const,
          soldOrderId: null,
          saleVersion: product.saleVersion + 1,
        };
        await this.products.saveSaleState(manager, relisted);
        await this.outbox.add(manager, EVENTS.catalog.productRelisted, toSaleChangedEvent(relisted));
      })
      .finally(() => this.forgetListings());
    return this.get({ productId: request.productId });
  }

  /** Whether the order that sold the product refunded it: the whole order, or this item of a bundle kept in part. */
  private async refundedSale(manager: EntityManager, productId: string, orderId: string | null): Promise<boolean> {
    if (!orderId) return false;
    return (
      (await this.products.isRefundedOrder(manager, orderId)) ||
      (await this.products.isRefundedItem(manager, orderId, productId))
    );
  }

  /**
   * Support's decision (moderation): the listing, or every listing of a suspended seller, is taken off sale as a
   * removal (the same event, so favourites, messaging, payments and the gateway's pages follow at once) and marked
   * moderated, so neither the seller nor a cancelled order puts it back. Sold listings stay for their buyers' orders.
   */
  async applyModeration(event: ModerationDecidedEvent, manager: EntityManager): Promise<void> {
    if (event.action === 'dismiss') {
      if (event.subjectType === 'product') await this.releaseHeld(event.subjectId, manager);
      // Support found nothing wrong with the account: the listings its velocity held go on sale.
      if (event.subjectType === 'user')
        for (const id of await this.products.releaseVelocityHolds(manager, event.subjectId))
          await this.relistReleased(id, manager);
      return;
    }
    const ids =
      event.action === 'suspend'
        ? await this.products.markSellerModerated(manager, event.ownerId)
        : event.subjectType === 'product'
          ? await this.products.markModerated(manager, event.subjectId)
          : [];
    for (const id of ids) {
      const product = await this.products.lockSaleState(manager, id);
      if (!product || product.status !== 'active') continue;
      const removed = { ...product, status: 'removed' as const, saleVersion: product.saleVersion + 1 };
      await this.products.saveSaleState(manager, removed);
      await this.outbox.add(manager, EVENTS.catalog.productRemoved, toProductRemovedEvent(removed));
    }
    this.forgetListings();
  }

  /**
   * A new listing matched the prohibited-keywords list (moderation): off sale as a removal until support decides, and
   * its seller cannot relist it meanwhile.
   */
  async hold(event: ListingHeldEvent, manager: EntityManager): Promise<void> {
    if (!(await this.products.markHeld(manager, event.productId))) return;
    await this.takeOffSale(manager, event.productId);
    this.forgetListings();
  }

  /** A held listing leaves the shop as a removal (the same event a seller's removal writes). */
  private async takeOffSale(manager: EntityManager, productId: string): Promise<void> {
    const product = await this.products.lockSaleState(manager, productId);
    if (!product || product.status !== 'active') return;
    const removed = { ...product, status: 'removed' as const, saleVersion: product.saleVersion + 1 };
    await this.products.saveSaleState(manager, removed);
    await this.outbox.add(manager, EVENTS.catalog.productRemoved, toProductRemovedEvent(removed));
  }

  /** Support dismissed the hold: the listing goes on sale (relisted, so every read model follows). */
  private async releaseHeld(productId: string, manager: EntityManager): Promise<void> {
    if (!(await this.products.releaseHold(manager, productId))) return;
    await this.relistReleased(productId, manager);
  }

  private async relistReleased(productId: string, manager: EntityManager): Promise<void> {
    const product = await this.products.lockSaleState(manager, productId);
    if (!product || product.status !== 'removed') return;
    const relisted = { ...product, status: 'active' as const, soldOrderId: null, saleVersion: product.saleVersion + 1 };
    await this.products.saveSaleState(manager, relisted);
    await this.outbox.add(manager, EVENTS.catalog.productRelisted, toSaleChangedEvent(relisted));
    this.forgetListings();
  }

  /** After a change to this replica's products: its lists and totals show it at once. */
  forgetListings(): void {
    this.counts.forgetAll();
    this.firstPages.forgetAll();
  }

  /**
   * A seller's profile tabs: a page of their active and sold products (or of one status), newest first, with the
   * count for the tab. A seller with many listings is answered a page at a time, like every other list.
   */
  async listBySeller(request: ListSellerProductsRequest): Promise<ProductPageDto> {
    const statuses = request.status ? [request.status] : SELLER_PRODUCT_STATUSES;
    const after = request.cursor === undefined ? null : decodeSellerProductCursor(request.cursor);
    // One row more than the page: its presence says whether a next page exists.
    const [found, totalCount] = await this.listReads.run(
      (products) =>
        Promise.all([
          products.findPageBySeller(request.sellerId, statuses, after, request.limit + 1),
          products.countBySeller(request.sellerId, statuses),
        ]),
      this.listReads.ownWritesPending(request.wroteAt),
    );
    const page = found.slice(0, request.limit);
    const last = page[page.length - 1];
    return {
      items: page.map((p) => p.product),
      nextCursor: found.length > request.limit && last ? encodeSellerProductCursor(last.key) : null,
      totalCount,
    };
  }

  /** Batch lookup for other services, in the requested order; unknown and removed products are skipped. */
  async getByIds(request: GetProductsByIdsRequest): Promise<ProductDto[]> {
    const ids = [...new Set(request.productIds.map((id) => id.toLowerCase()))];
    return this.products.findWithSellerByIds(ids);
  }

  /** One category per country with active products, most stocked first. */
  async listCategories(): Promise<CategoryDto[]> {
    return (await this.products.countActiveByCountry()).map(toCategoryDto);
  }

  /** A page of active products' ids (the gateway's sitemap). */
  listIds(request: ListProductIdsRequest): Promise<string[]> {
    return this.products.findActiveIds(request.after?.toLowerCase() ?? null, request.limit);
  }
}

/**
 * The contents as stored: each once, as ticked. Absent (the spec's call has no contents) is null, "not declared",
 * never "none of these", which only the seller may say. An empty list is refused (the form requires an answer), and
 * "None of these" ticked together with something else is a contradiction the seller must resolve (400).
 */
export function declaredContents(contents: readonly Contents[] | null | undefined): Contents[] | null {
  if (contents === undefined || contents === null) return null;
  const unique = [...new Set(contents)];
  if (unique.length === 0) {
    throw new DomainError(ErrorCode.ValidationFailed, CONTENTS_REQUIRED, [
      { field: 'contents', message: CONTENTS_REQUIRED },
    ]);
  }
  if (unique.includes('none') && unique.length > 1) {
    const message = '"None of these" cannot be ticked together with other contents';
    throw new DomainError(ErrorCode.ValidationFailed, message, [{ field: 'contents', message }]);
  }
  return unique;
}

/**
 * The fields a listing is stored with, from the sell form's validated input: prices with two decimals, contents as
 * declared, provenance without its blanks (and 'documented' when it has documents). Listing and editing share it.
 */
export function listingFields(input: CreateProductDto) {
  const provenance = input.provenance ? withoutEmptyFields(input.provenance) : null;
  return {
    title: input.title,
    description: input.description,
    price: input.price.toFixed(2),
    originalPrice:
      input.originalPrice === null || input.originalPrice === undefined ? null : input.originalPrice.toFixed(2),
    condition: input.condition,
    category: input.category,
    country: input.country,
    images: input.images,
    isCustomsVerified: input.isCustomsVerified ?? false,
    contents: declaredContents(input.contents) as string[] | null,
    provenance: {
      value: provenance as object | null,
      originLevel: provenance?.documents?.length ? ('documented' as const) : null,
    },
  };
}

/** The listing as the sell form holds it: what an edit's changes are laid over before the form's rules check it. */
function sellFormFieldsOf(product: ProductDto, provenance: ProvenanceDto | null): Record<string, unknown> {
  return {
    title: product.title,
    description: product.description,
    price: product.price,
    originalPrice: product.originalPrice,
    condition: product.condition,
    category: product.category,
    country: product.country,
    images: product.images,
    isCustomsVerified: product.isCustomsVerified,
    ...(product.contents ? { contents: product.contents } : {}),
    ...(provenance ? { provenance } : {}),
  };
}

/**
 * The documents of a listing's provenance are private (never sent to a browser, so the edit form cannot send them
 * back): an edit whose provenance does not name `documents` keeps the ones attached.
 */
function withKeptDocuments(changes: Record<string, unknown>, current: ProvenanceDto | null): Record<string, unknown> {
  const provenance = changes.provenance;
  if (!current?.documents?.length || !provenance || typeof provenance !== 'object' || Array.isArray(provenance))
    return changes;
  if ('documents' in provenance) return changes;
  return { ...changes, provenance: { ...provenance, documents: current.documents } };
}

/** A two-decimal price as whole cents, so prices compare exactly. */
function toCents(price: string): number {
  return Math.round(Number(price) * 100);
}

/** Provenance without its empty fields (a form sends ""), so a blank section stores nothing. */
function withoutEmptyFields(provenance: ProvenanceDto): ProvenanceDto | null {
  const entries = Object.entries(provenance).filter(([, value]) =>
    Array.isArray(value) ? value.length > 0 : typeof value === 'string' ? value.trim() !== '' : value != null,
  );
  return entries.length ? (Object.fromEntries(entries) as ProvenanceDto) : null;
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  EVENTS, PAGE_SIZE, PAYMENT_MESSAGES, type CategoryDto, type CreateProductRequest, type Done, type GetProductRequest,
  type GetProductsByIdsRequest, type ListProductsRequest, type ListSellerProductsRequest, type ProductDto,
  type ProductPageDto, type ProductSort, type RemoveProductRequest,
} from '@souvenir/contracts';
import { DomainError, Outbox } from '@souvenir/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { SellerEntity } from '../sellers/seller.entity';
import { SellersService } from '../sellers/sellers.service';
import { FirstPageCache, ProductCountCache } from './product-list-caches';
import { decodeCursor, encodeCursor, type CursorKey } from './product-cursor';
import { ProductEntity } from './product.entity';
import { toCategoryDto, toProductDto, toProductListedEvent, toProductRemovedEvent } from './product.mapper';
import { ProductsRepository, type KeyedProduct, type ProductFilters } from './products.repository';

const MAX_SEARCH_TERMS = 12;

@Injectable()
export class ProductsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly products: ProductsRepository,
    private readonly sellers: SellersService,
    private readonly outbox: Outbox,
    private readonly counts: ProductCountCache,
    private readonly firstPages: FirstPageCache,
  ) {}

  async create(request: CreateProductRequest): Promise<ProductDto> {
    const input = request.product;
    await this.sellers.ensureSeller(request.actorId);
    return this.dataSource.transaction(async (manager) => {
      const product = manager.create(ProductEntity, {
        sellerId: request.actorId,
        title: input.title,
        description: input.description,
        price: input.price.toFixed(2),
        originalPrice: input.originalPrice === null || input.originalPrice === undefined ? null : input.originalPrice.toFixed(2),
        condition: input.condition,
        category: input.category,
        country: input.country,
        images: input.images,
        isCustomsVerified: input.isCustomsVerified ?? false,
        status: 'active',
        favoriteCount: 0,
      });
      await manager.save(product);
      product.seller = (await manager.findOneByOrFail(SellerEntity, { id: request.actorId }));
      await this.outbox.add(manager, EVENTS.catalog.productListed, toProductListedEvent(product));
      return toProductDto(product);
    }).finally(() => this.forgetListings());
  }

  /** A product's page: sold products stay visible there; removed ones are gone. */
  async get(request: GetProductRequest): Promise<ProductDto> {
    const product = await this.products.findVisibleById(request.productId);
    if (product) return product;
    if (request.removedAsConflict && (await this.products.exists(request.productId))) {
      throw DomainError.conflict(PAYMENT_MESSAGES.noLongerAvailable);
    }
    throw DomainError.notFound('Product');
  }

  /**
   * Browse and search: active products only, one keyset page at a time, with the total for the headers. The page
   * is one query answering products, sellers and cursor keys together (no second lookup by id).
   */
  async list(request: ListProductsRequest): Promise<ProductPageDto> {
    const query = request.query;
    const sort = query.sort ?? 'recent';
    const limit = query.limit ?? PAGE_SIZE.default;
    const filters: ProductFilters = {
      tsQuery: toPrefixQuery(query.search),
      country: query.country?.trim() || undefined,
      minPrice: query.minPrice,
      maxPrice: query.maxPrice,
      categories: query.categories,
      condition: query.condition,
      location: query.location?.trim() || undefined,
    };
    const ranked = filters.tsQuery !== null && sort === 'recent';
    if (!query.cursor) return this.firstPages.get({ filters, sort, limit }, () => this.readPage(filters, sort, limit, null, ranked));
    return this.readPage(filters, sort, limit, decodeCursor(query.cursor, sort, ranked), ranked);
  }

  private async readPage(filters: ProductFilters, sort: ProductSort, limit: number, after: CursorKey | null, ranked: boolean): Promise<ProductPageDto> {
    const count = (f: ProductFilters) => this.counts.get(f, () => this.products.count(f));
    // One row more than the page: its presence says whether a next page exists. A search needs its number of
    // matches and of active products to choose its plan (both usually cached), so it counts first; browsing
    // counts alongside the page.
    let found: KeyedProduct[];
    let totalCount: number;
    if (filters.tsQuery !== null) {
      const [matchCount, activeCount] = await Promise.all([count(filters), count({ tsQuery: null })]);
      totalCount = matchCount;
      found = await this.products.findPage(filters, { sort, after, limit: limit + 1, matchCount, activeCount });
    } else {
      [found, totalCount] = await Promise.all([this.products.findPage(filters, { sort, after, limit: limit + 1 }), count(filters)]);
    }
    const page = found.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: page.map((p) => p.product),
      nextCursor: found.length > limit && last ? encodeCursor(sort, ranked, last.key) : null,
      totalCount,
    };
  }

  /** Soft removal by the seller: the product leaves every list, search and count, and its page answers NOT_FOUND. */
  async remove(request: RemoveProductRequest): Promise<Done> {
    return this.dataSource.transaction(async (manager) => {
      const product = await this.products.findForUpdate(manager, request.productId);
      if (!product || product.status === 'removed') throw DomainError.notFound('Product');
      if (product.sellerId !== request.actorId) throw DomainError.forbidden('You can only remove your own listings');
      if (product.status === 'sold') throw DomainError.conflict('This product has been sold and can no longer be removed');
      product.status = 'removed';
      await manager.save(product);
      await this.outbox.add(manager, EVENTS.catalog.productRemoved, toProductRemovedEvent(product));
      return { ok: true as const };
    }).finally(() => this.forgetListings());
  }

  /**
   * A paid order sells its product (consumer of payments' order paid). Only an active product is sold: a second
   * order paid for the same product changes nothing here (payments refunds it).
   */
  async markSold(productId: string, manager: EntityManager): Promise<void> {
    const product = await this.products.findForUpdate(manager, productId);
    if (!product || product.status !== 'active') return;
    product.status = 'sold';
    await manager.save(product);
    await this.outbox.add(manager, EVENTS.catalog.productSold, { productId: product.id, sellerId: product.sellerId, occurredAt: new Date().toISOString() });
    this.forgetListings();
  }

  /** After a change to this replica's products: its lists and totals show it at once. */
  private forgetListings(): void {
    this.counts.forgetAll();
    this.firstPages.forgetAll();
  }

  /** A seller's profile tabs: active and sold products, newest first. */
  async listBySeller(request: ListSellerProductsRequest): Promise<ProductDto[]> {
    return this.products.findVisibleBySeller(request.sellerId);
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
}

/**
 * The user's words as a to_tsquery expression where every word is a prefix and all must match ("ceram vase"
 * → "ceram:* & vase:*"), so partial words find products while typing. Only letters and digits reach the
 * expression, so no input can inject tsquery syntax; accents and case are folded in SQL, as in the index.
 */
export function toPrefixQuery(search: string | undefined): string | null {
  const words = (search ?? '').match(/[\p{L}\p{N}]+/gu)?.slice(0, MAX_SEARCH_TERMS) ?? [];
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}


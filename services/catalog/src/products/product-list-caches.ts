import { Injectable } from '@nestjs/common';
import type { ProductListPageDto } from '@souvenir/contracts';
import { SerialisedJson } from '@souvenir/platform';
import type { ProductFilters } from './queries/product-filters';
import { ShortLivedCache } from './short-lived-cache';

/**
 * Totals for `X-Total-Count`, per filter set. Counting every active product costs tens of milliseconds at 100k
 * rows and hundreds at 1M (an index-only scan no index can shorten), while a page costs a fraction of one, so
 * under load the count would dominate every list request. A total can lag other replicas' writes by seconds.
 */
@Injectable()
export class ProductCountCache {
  private readonly totals = new ShortLivedCache<number>(2000);

  get(filters: ProductFilters, count: () => Promise<number>): Promise<number> {
    return this.totals.get(JSON.stringify(filters), count);
  }

  /** A count that stopped past `bound` (lists' totals): kept apart from exact counts of the same filters. */
  getUpTo(filters: ProductFilters, bound: number, count: () => Promise<number>): Promise<number> {
    return this.totals.get(JSON.stringify({ filters, bound }), count);
  }

  forgetAll(): void {
    this.totals.forgetAll();
  }
}

/**
 * First pages of lists (no cursor), per filters, sort and size: Home, a category, a search as it first shows. They
 * are most of the list traffic and the same for everyone (the gateway adds the caller's hearts), so each replica
 * computes each one at most every few seconds. Later pages are read each time. A page is kept as the JSON of its
 * reply, written once: most requests are answered from here, and writing a page of products to JSON again for each
 * of them was most of what such a request cost catalog.
 */
@Injectable()
export class FirstPageCache {
  private readonly pages = new ShortLivedCache<SerialisedJson<ProductListPageDto>>(500);

  get(
    key: { filters: ProductFilters; sort: string; limit: number },
    read: () => Promise<ProductListPageDto>,
  ): Promise<SerialisedJson<ProductListPageDto>> {
    return this.pages.get(JSON.stringify(key), async () => SerialisedJson.of(await read()));
  }

  forgetAll(): void {
    this.pages.forgetAll();
  }
}

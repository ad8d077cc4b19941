import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { ProductFilters } from './products.repository';

/**
 * Totals for `X-Total-Count`, kept a few seconds per filter set. Counting every active product costs tens of
 * milliseconds at 100k rows (an index-only scan no index can shorten), while a page of keys costs a fraction of
 * one, so under load the count would dominate every list request. Concurrent misses for the same filters share
 * one query. A replica forgets its totals when it changes a product; other replicas catch up within the TTL.
 */
@Injectable()
export class ProductCountCache {
  private readonly totals = new LRUCache<string, number, () => Promise<number>>({
    max: 2000,
    ttl: 5000,
    fetchMethod: (_key, _stale, { context }) => context(),
  });

  async get(filters: ProductFilters, count: () => Promise<number>): Promise<number> {
    return (await this.totals.fetch(JSON.stringify(filters), { context: count })) as number;
  }

  forgetAll(): void {
    this.totals.clear();
  }
}

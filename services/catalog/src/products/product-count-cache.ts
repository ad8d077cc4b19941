import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { ProductFilters } from './products.repository';

/** A total younger than this is answered as is. */
export const COUNT_FRESH_MS = 5_000;
/** An older one (up to this age) is answered while a recount runs in the background; older ones are recounted first. */
export const COUNT_MAX_STALE_MS = 30_000;

interface Total {
  value: number;
  countedAt: number;
}

/**
 * Totals for `X-Total-Count`, per filter set. Counting every active product costs tens of milliseconds at 100k
 * rows (an index-only scan no index can shorten), while a page costs a fraction of one, so under load the count
 * would dominate every list request. A total is answered for 5 s; after that the next request still gets it
 * (up to 30 s old) while one recount runs in the background, so no request waits for a recount of a busy filter
 * set (in the bench's mixed load, the totals of ~30 filter sets expiring together made the p95 jump).
 * Concurrent misses for the same filters share one query. A replica forgets its totals when it changes a
 * product; other replicas catch up within seconds.
 */
@Injectable()
export class ProductCountCache {
  // The TTL only frees memory; `get` checks the age itself.
  private readonly totals = new LRUCache<string, Total>({ max: 2000, ttl: COUNT_MAX_STALE_MS });
  private readonly counting = new Map<string, Promise<number>>();
  /** Bumped by forgetAll: a count started before a change must not be kept after it. */
  private generation = 0;

  async get(filters: ProductFilters, count: () => Promise<number>): Promise<number> {
    const key = JSON.stringify(filters);
    const cached = this.totals.get(key);
    const age = cached ? Date.now() - cached.countedAt : Infinity;
    if (!cached || age > COUNT_MAX_STALE_MS) return this.recount(key, count);
    if (age > COUNT_FRESH_MS) this.recount(key, count).catch(() => undefined);
    return cached.value;
  }

  forgetAll(): void {
    this.generation += 1;
    this.totals.clear();
    this.counting.clear();
  }

  private recount(key: string, count: () => Promise<number>): Promise<number> {
    const running = this.counting.get(key);
    if (running) return running;
    const generation = this.generation;
    const counted = count()
      .then((value) => {
        if (generation === this.generation) this.totals.set(key, { value, countedAt: Date.now() });
        return value;
      })
      .finally(() => {
        if (this.counting.get(key) === counted) this.counting.delete(key);
      });
    this.counting.set(key, counted);
    return counted;
  }
}

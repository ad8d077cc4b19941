import { LRUCache } from 'lru-cache';

/**
 * Entries that live `ttlMs`, at most `maxEntries` (least recently used leave first), with one load in flight per key:
 * a burst of requests for one product or sitemap asks catalog once. lru-cache's `fetch` does all three; a load that
 * fails is not kept, so the next request asks again. Values are boxed because lru-cache does not store null.
 */
export class ExpiringCache<T> {
  private readonly entries: LRUCache<string, { value: T }, () => Promise<T>>;

  constructor(ttlMs: number, maxEntries: number) {
    this.entries = new LRUCache({
      max: maxEntries,
      ttl: ttlMs,
      fetchMethod: async (_key, _stale, { context: load }) => ({ value: await load() }),
    });
  }

  async get(key: string, load: () => Promise<T>): Promise<T> {
    return (await this.entries.fetch(key, { context: load }))!.value;
  }

  /**
   * Drops a key's entry. A load in flight for it is dropped too (lru-cache aborts it: its callers' `get` rejects and
   * its value is not kept), so a read that began before a change cannot be kept after it.
   */
  forget(key: string): void {
    this.entries.delete(key);
  }

  forgetAll(): void {
    this.entries.clear();
  }
}

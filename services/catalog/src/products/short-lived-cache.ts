import { LRUCache } from 'lru-cache';

/** A value younger than this is answered as is... */
export const FRESH_MS = 5_000;
/** ...or longer when it was slow to compute (100 × its computing time, at most a minute): costly totals at 1M products. */
export const FRESH_MS_MAX = 60_000;
/** Past its freshness, a value is still answered (while one recomputation runs in the background) for this long. */
export const STALE_GRACE_MS = 25_000;
/** Background recomputations running at once, per cache; a value whose turn does not come yet is answered stale. */
export const BACKGROUND_RECOMPUTATIONS = 2;

interface Entry<T> {
  value: T;
  computedAt: number;
  freshMs: number;
}

/**
 * Results of expensive reads kept a few seconds per key, for answers where a few seconds of lag are fine (list
 * totals, first pages of lists). Concurrent misses for a key share one computation; a value past its freshness
 * is still answered while a recomputation runs in the background (at most two at a time, and freshness is spread
 * ±20 %), so no request waits for a busy key to be recomputed and expiring keys never recompute in one burst
 * (either would show as latency spikes under load). `forgetAll` drops everything,
 * including computations that started before it, so a replica's own writes show at once.
 */
export class ShortLivedCache<T extends NonNullable<unknown>> {
  private readonly entries: LRUCache<string, Entry<T>>;
  private readonly computing = new Map<string, Promise<T>>();
  private generation = 0;

  private background = 0;

  /** `random` spreads freshness over ±20 % (tests pass a constant). */
  constructor(
    max: number,
    private readonly random: () => number = Math.random,
  ) {
    // The LRU's TTL only frees memory; `get` checks ages itself.
    this.entries = new LRUCache<string, Entry<T>>({ max, ttl: FRESH_MS_MAX + STALE_GRACE_MS });
  }

  async get(key: string, compute: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    const age = entry ? Date.now() - entry.computedAt : Infinity;
    if (!entry || age > entry.freshMs + STALE_GRACE_MS) return this.recompute(key, compute);
    if (age > entry.freshMs && !this.computing.has(key) && this.background < BACKGROUND_RECOMPUTATIONS) {
      this.background += 1;
      this.recompute(key, compute)
        .catch(() => undefined)
        .finally(() => {
          this.background -= 1;
        });
    }
    return entry.value;
  }

  forgetAll(): void {
    this.generation += 1;
    this.entries.clear();
    this.computing.clear();
  }

  private recompute(key: string, compute: () => Promise<T>): Promise<T> {
    const running = this.computing.get(key);
    if (running) return running;
    const generation = this.generation;
    const started = Date.now();
    const computed = compute()
      .then((value) => {
        const now = Date.now();
        // Values computed together (a cold start, a forgetAll) would all expire together and be recomputed in one
        // burst: at 1M products, slow totals expiring at once stalled every request for seconds.
        const freshMs = Math.min(FRESH_MS_MAX, Math.max(FRESH_MS, 100 * (now - started))) * (0.8 + 0.4 * this.random());
        if (generation === this.generation) this.entries.set(key, { value, computedAt: now, freshMs });
        return value;
      })
      .finally(() => {
        if (this.computing.get(key) === computed) this.computing.delete(key);
      });
    this.computing.set(key, computed);
    return computed;
  }
}

import { ProductCountCache } from './product-list-caches';
import {
  BACKGROUND_RECOMPUTATIONS,
  FRESH_MS,
  FRESH_MS_MAX,
  STALE_GRACE_MS,
  ShortLivedCache,
} from './short-lived-cache';

const noJitter = () => 0.5;

const peru = { searchWords: null, country: 'Peru' };

/** A computation that answers `values` in turn, after `ms` of (fake or real) time, and counts its calls. */
function computation(values: number[], ms = 0) {
  const fn = Object.assign(
    () => {
      fn.calls += 1;
      const value = values[Math.min(fn.calls, values.length) - 1];
      return new Promise<number>((resolve) =>
        ms ? setTimeout(() => resolve(value), ms) : setImmediate(() => resolve(value)),
      );
    },
    { calls: 0 },
  );
  return fn;
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ShortLivedCache', () => {
  afterEach(() => jest.useRealTimers());

  it('shares one computation between concurrent requests for the same key and recomputes after forgetAll', async () => {
    const totals = new ProductCountCache();
    const count = computation([42, 42, 43]);
    expect(await Promise.all(Array.from({ length: 16 }, () => totals.get(peru, count)))).toEqual(Array(16).fill(42));
    expect(count.calls).toBe(1);
    await totals.get({ searchWords: null, country: 'Japan' }, count);
    expect(count.calls).toBe(2);
    totals.forgetAll();
    expect(await totals.get(peru, count)).toBe(43);
    expect(count.calls).toBe(3);
  });

  it('answers an older value at once while one recomputation runs in the background, and recomputes first past the grace', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
    const cache = new ShortLivedCache<number>(10, noJitter);
    const compute = computation([10, 11, 12]);
    expect(await cache.get('k', compute)).toBe(10);
    jest.advanceTimersByTime(FRESH_MS - 1);
    expect(await cache.get('k', compute)).toBe(10);
    expect(compute.calls).toBe(1);
    jest.advanceTimersByTime(2);
    expect(await Promise.all([cache.get('k', compute), cache.get('k', compute)])).toEqual([10, 10]);
    expect(compute.calls).toBe(2); // one background recomputation for both
    await settle();
    expect(await cache.get('k', compute)).toBe(11);
    jest.advanceTimersByTime(FRESH_MS + STALE_GRACE_MS + 1);
    expect(await cache.get('k', compute)).toBe(12); // too old to answer: computed first
  });

  it('keeps a slow result fresh longer: 100 × its computing time, at most a minute', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
    const cache = new ShortLivedCache<number>(10, noJitter);
    const slow = computation([1, 2], 200); // 200 ms → fresh for 20 s
    const first = cache.get('slow', slow);
    await jest.advanceTimersByTimeAsync(200);
    expect(await first).toBe(1);
    jest.advanceTimersByTime(19_000);
    expect(await cache.get('slow', slow)).toBe(1);
    expect(slow.calls).toBe(1);
    jest.advanceTimersByTime(1_500);
    await cache.get('slow', slow);
    expect(slow.calls).toBe(2);
    expect(FRESH_MS_MAX).toBe(60_000);
  });

  it('spreads freshness over ±20 % and runs at most two background recomputations at once', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
    const early = new ShortLivedCache<number>(10, () => 0); // 0.8 × FRESH_MS
    const compute = computation([1, 2]);
    await early.get('k', compute);
    jest.advanceTimersByTime(0.8 * FRESH_MS + 1);
    await early.get('k', compute);
    expect(compute.calls).toBe(2);

    const cache = new ShortLivedCache<number>(10, noJitter);
    let pending = 0;
    const slow = () => {
      pending += 1;
      return new Promise<number>(() => undefined);
    }; // never settles
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, computation([7]));
    jest.advanceTimersByTime(FRESH_MS + 1);
    expect(await Promise.all(['a', 'b', 'c', 'd'].map((key) => cache.get(key, slow)))).toEqual([7, 7, 7, 7]);
    expect(pending).toBe(BACKGROUND_RECOMPUTATIONS);
  });

  it('does not keep a computation that started before forgetAll', async () => {
    const cache = new ShortLivedCache<number>(10, noJitter);
    let release!: (n: number) => void;
    const before = cache.get(
      'k',
      () =>
        new Promise<number>((resolve) => {
          release = resolve;
        }),
    );
    cache.forgetAll();
    release(5);
    expect(await before).toBe(5);
    const compute = computation([6]);
    expect(await cache.get('k', compute)).toBe(6);
    expect(compute.calls).toBe(1);
  });
});

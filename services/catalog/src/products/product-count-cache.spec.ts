import { COUNT_FRESH_MS, COUNT_MAX_STALE_MS, ProductCountCache } from './product-count-cache';

const peru = { tsQuery: null, country: 'Peru' };

/** A count query that answers `values` in turn, after a tick, and counts its calls. */
function counter(...values: number[]) {
  const fn = Object.assign(() => { fn.calls += 1; const value = values[Math.min(fn.calls, values.length) - 1]; return new Promise<number>((resolve) => setImmediate(() => resolve(value))); }, { calls: 0 });
  return fn;
}

describe('ProductCountCache', () => {
  afterEach(() => jest.useRealTimers());

  it('shares one count between concurrent requests for the same filters and recounts after a change', async () => {
    const cache = new ProductCountCache();
    const count = counter(42, 42, 43);
    const totals = await Promise.all(Array.from({ length: 16 }, () => cache.get(peru, count)));
    expect(totals).toEqual(Array(16).fill(42));
    expect(count.calls).toBe(1);
    await cache.get({ tsQuery: null, country: 'Japan' }, count);
    expect(count.calls).toBe(2);
    cache.forgetAll();
    expect(await cache.get(peru, count)).toBe(43);
    expect(count.calls).toBe(3);
  });

  it('answers an older total at once while one recount runs in the background, and recounts first past the stale limit', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
    const cache = new ProductCountCache();
    const count = counter(10, 11, 12);
    expect(await cache.get(peru, count)).toBe(10);
    jest.advanceTimersByTime(COUNT_FRESH_MS - 1);
    expect(await cache.get(peru, count)).toBe(10);
    expect(count.calls).toBe(1);
    jest.advanceTimersByTime(2);
    expect(await Promise.all([cache.get(peru, count), cache.get(peru, count)])).toEqual([10, 10]);
    expect(count.calls).toBe(2); // one background recount for both
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get(peru, count)).toBe(11);
    jest.advanceTimersByTime(COUNT_MAX_STALE_MS + 1);
    expect(await cache.get(peru, count)).toBe(12); // too old to answer: counted first
  });

  it('does not keep a count that started before a change', async () => {
    const cache = new ProductCountCache();
    let release!: (n: number) => void;
    const before = cache.get(peru, () => new Promise<number>((resolve) => { release = resolve; }));
    cache.forgetAll();
    release(5);
    expect(await before).toBe(5);
    const count = counter(6);
    expect(await cache.get(peru, count)).toBe(6);
    expect(count.calls).toBe(1);
  });
});

import { ProductCountCache } from './product-count-cache';

describe('ProductCountCache', () => {
  it('shares one count between concurrent requests for the same filters and recounts after a change', async () => {
    const cache = new ProductCountCache();
    let queries = 0;
    const count = () => new Promise<number>((resolve) => { queries += 1; setTimeout(() => resolve(42), 10); });
    const totals = await Promise.all(Array.from({ length: 16 }, () => cache.get({ tsQuery: null, country: 'Peru' }, count)));
    expect(totals).toEqual(Array(16).fill(42));
    expect(queries).toBe(1);
    await cache.get({ tsQuery: null, country: 'Japan' }, count);
    expect(queries).toBe(2);
    cache.forgetAll();
    await cache.get({ tsQuery: null, country: 'Peru' }, count);
    expect(queries).toBe(3);
  });
});

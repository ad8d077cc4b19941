import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { startService, startTestInfra, type TestInfra, type ServiceProcess } from '@souvenir/testing';
import request from 'supertest';
import { join, startGateway, type Account } from './gateway-harness';

let infra: TestInfra;
const services: ServiceProcess[] = [];
let gateway: INestApplication;
let http: ReturnType<typeof request>;
let seller: Account;
let fan: Account;
const listed: string[] = [];

beforeAll(async () => {
  infra = await startTestInfra();
  services.push(await startService('identity', infra));
  services.push(await startService('catalog', infra));
  services.push(await startService('favourites', infra));
  gateway = await startGateway(infra, { RPC_TIMEOUT_MS: '3000' });
  http = request(gateway.getHttpServer());
  seller = await join(http, 'prolific', 'Pro');
  fan = await join(http, 'admirer', 'Ada');
  for (let i = 0; i < 30; i += 1) {
    const res = await http
      .post('/api/products')
      .set('Cookie', seller.cookie)
      .send({
        title: `Paper lantern ${i}`,
        description: 'Folded by hand in a Hoi An workshop, customs cleared.',
        price: 5 + i,
        condition: 'new',
        category: 'Home Decor',
        country: 'Vietnam',
        images: ['https://example.com/l.jpg'],
      })
      .expect(201);
    listed.unshift(res.body.id); // newest first
  }
  await http.delete(`/api/products/${listed[5]}`).set('Cookie', seller.cookie).expect(204);
  listed.splice(5, 1);
});

afterAll(async () => {
  await gateway?.close();
  for (const service of services.reverse()) await service.close();
  await infra?.stop();
});

/** Every page of `path` through `X-Next-Cursor`: the ids in order, the page sizes and the totals seen. */
async function walk(path: string, cookie = '', limit?: number) {
  const ids: string[] = [];
  const sizes: number[] = [];
  const totals = new Set<string>();
  let cursor: string | undefined;
  do {
    const res = await http
      .get(path)
      .query({ ...(limit ? { limit } : {}), ...(cursor ? { cursor } : {}) })
      .set('Cookie', cookie)
      .expect(200);
    expect(Array.isArray(res.body)).toBe(true);
    ids.push(...res.body.map((p: { id: string }) => p.id));
    sizes.push(res.body.length);
    totals.add(res.headers['x-total-count']);
    cursor = res.headers['x-next-cursor'];
  } while (cursor);
  return { ids, sizes, totals: [...totals] };
}

describe('GET /api/users/{id}/products', () => {
  it('answers an array a page at a time (24 by default), newest first, every product once, the count in X-Total-Count', async () => {
    const pages = await walk(`/api/users/${seller.id}/products`);
    expect(pages.sizes).toEqual([24, 5]);
    expect(pages.ids).toEqual(listed);
    expect(pages.totals).toEqual(['29']);
    const small = await walk(`/api/users/${seller.id}/products`, '', 10);
    expect(small.sizes).toEqual([10, 10, 9]);
    expect(small.ids).toEqual(listed);
  });

  it("pages one status for a profile tab, and marks the caller's favourites", async () => {
    await http.post('/api/favorites').set('Cookie', fan.cookie).send({ productId: listed[0] }).expect(201);
    const first = await http
      .get(`/api/users/${seller.id}/products`)
      .query({ status: 'active', limit: 3 })
      .set('Cookie', fan.cookie)
      .expect(200);
    expect(
      first.body.map((p: { id: string; isFavorited: boolean; status: string }) => [p.id, p.isFavorited, p.status]),
    ).toEqual([
      [listed[0], true, 'active'],
      [listed[1], false, 'active'],
      [listed[2], false, 'active'],
    ]);
    expect(first.headers['x-total-count']).toBe('29');
    const sold = await http.get(`/api/users/${seller.id}/products`).query({ status: 'sold' }).expect(200);
    expect(sold.body).toEqual([]);
    expect(sold.headers['x-total-count']).toBe('0');
    expect(sold.headers['x-next-cursor']).toBeUndefined();
  });

  it('answers 404 for an unknown user, 400 for a bad status, limit or cursor', async () => {
    const unknown = await http.get(`/api/users/${randomUUID()}/products`).expect(404);
    expect(unknown.body).toEqual({ statusCode: 404, message: expect.any(String) });
    await http.get('/api/users/not-a-uuid/products').expect(404);
    // A user without products is known: an empty page, not 404.
    await http.get(`/api/users/${fan.id}/products`).expect(200, []);
    await http.get(`/api/users/${seller.id}/products`).query({ status: 'removed' }).expect(400);
    await http.get(`/api/users/${seller.id}/products`).query({ limit: 101 }).expect(400);
    await http.get(`/api/users/${seller.id}/products`).query({ cursor: 'bm9wZQ' }).expect(400);
  });
});

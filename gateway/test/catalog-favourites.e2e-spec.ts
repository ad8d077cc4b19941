import type { INestApplication } from '@nestjs/common';
import { eventually, startService, startTestInfra, type TestInfra, type ServiceProcess } from '@souvenir/testing';
import request from 'supertest';
import { join, startGateway } from './gateway-harness';

let infra: TestInfra;
const services: ServiceProcess[] = [];
let favourites: ServiceProcess;
let gateway: INestApplication;
let http: ReturnType<typeof request>;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};

const listing = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: 'Hand-painted in a small workshop, wrapped and carried home with care.',
  price: '42.50',
  originalPrice: 60,
  condition: 'like-new',
  category: 'Home Decor',
  country: 'Morocco',
  images: ['https://example.com/m.jpg'],
  isCustomsVerified: true,
  ...extra,
});

beforeAll(async () => {
  infra = await startTestInfra();
  services.push(await startService('identity', infra));
  services.push(await startService('catalog', infra));
  favourites = await startService('favourites', infra);
  gateway = await startGateway(infra, { RPC_TIMEOUT_MS: '1500' });
  http = request(gateway.getHttpServer());
  for (const name of ['seller', 'buyer', 'other']) {
    const account = await join(http, name, name);
    cookies[name] = account.cookie;
    ids[name] = account.id;
  }
});

afterAll(async () => {
  await gateway?.close();
  await favourites?.close();
  for (const s of services.reverse()) await s.close();
  await infra?.stop();
});

describe('products through the gateway', () => {
  it('lists a product for a signed-in seller (201), validates with the spec messages, refuses guests (401)', async () => {
    await http.post('/api/products').send(listing('Tagine pot')).expect(401);
    const bad = await http
      .post('/api/products')
      .set('Cookie', cookies.seller)
      .send({ title: 'abc', description: 'short', price: '', condition: '', category: '', country: '', images: [] })
      .expect(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'title', message: 'Title must be at least 5 characters' },
        { field: 'description', message: 'Description must be at least 20 characters' },
        { field: 'price', message: 'Price is required' },
        { field: 'condition', message: 'Please select condition' },
        { field: 'category', message: 'Category is required' },
        { field: 'country', message: 'Country is required' },
        { field: 'images', message: 'At least one image is required' },
      ]),
    );
    await http
      .post('/api/products')
      .set('Cookie', cookies.seller)
      .send(listing('Tagine pot', { images: ['javascript:alert(1)'] }))
      .expect(400);
    const created = await http
      .post('/api/products')
      .set('Cookie', cookies.seller)
      .send(listing('Tagine pot'))
      .expect(201);
    expect(created.body).toMatchObject({
      title: 'Tagine pot',
      price: '42.50',
      originalPrice: '60.00',
      status: 'active',
      isFavorited: false,
      seller: { id: ids.seller },
    });
    ids.tagine = created.body.id;
    ids.lamp = (
      await http
        .post('/api/products')
        .set('Cookie', cookies.seller)
        .send(listing('Brass lantern lamp', { price: 80, originalPrice: 95 }))
        .expect(201)
    ).body.id;
  });

  it('browses with filters, headers for paging and 404s bad ids', async () => {
    const page = await http.get('/api/products?country=Morocco&limit=1&sort=price_asc').expect(200);
    expect(page.body.map((p: { title: string }) => p.title)).toEqual(['Tagine pot']);
    expect(page.headers['x-total-count']).toBe('2');
    const next = await http
      .get(`/api/products?country=Morocco&limit=1&sort=price_asc&cursor=${page.headers['x-next-cursor']}`)
      .expect(200);
    expect(next.body.map((p: { title: string }) => p.title)).toEqual(['Brass lantern lamp']);
    expect(next.headers['x-next-cursor']).toBeUndefined();
    expect((await http.get('/api/products?search=TAGINE').expect(200)).body).toHaveLength(1);
    expect(page.headers['x-total-is-lower-bound']).toBeUndefined();
    // A typo finds nothing and suggests the words that would (URI-encoded: a header carries ASCII only).
    const typo = await http.get('/api/products?search=lanetrn').expect(200);
    expect(typo.body).toEqual([]);
    expect(decodeURIComponent(typo.headers['x-search-suggestion'])).toBe('lantern');
    expect((await http.get('/api/products?search=TAGINE').expect(200)).headers['x-search-suggestion']).toBeUndefined();
    await http.get('/api/products?limit=abc').expect(400);
    await http.get('/api/products?sort=sideways').expect(400);
    await http.get('/api/products/not-a-uuid').expect(404);
    await http.get('/api/products/00000000-0000-4000-8000-000000000000').expect(404);
    const categories = await http.get('/api/categories').expect(200);
    expect(categories.body).toEqual([expect.objectContaining({ country: 'Morocco', count: 2 })]);
  });
});

describe('favourites through the gateway', () => {
  it('needs sign-in, is idempotent, and each user sees their own hearts', async () => {
    await http.post('/api/favorites').send({ productId: ids.tagine }).expect(401);
    await http.get('/api/favorites').expect(401);
    await http.post('/api/favorites').set('Cookie', cookies.buyer).send({ productId: ids.tagine }).expect(201);
    await http.post('/api/favorites').set('Cookie', cookies.buyer).send({ productId: ids.tagine }).expect(201);
    await http
      .post('/api/favorites')
      .set('Cookie', cookies.buyer)
      .send({ productId: '00000000-0000-4000-8000-000000000000' })
      .expect(404);
    await http.post('/api/favorites').set('Cookie', cookies.buyer).send({ productId: 'nope' }).expect(400);

    const mine = await http.get('/api/favorites').set('Cookie', cookies.buyer).expect(200);
    expect(mine.body.map((p: { id: string }) => p.id)).toEqual([ids.tagine]);
    expect((await http.get('/api/favorites').set('Cookie', cookies.other).expect(200)).body).toEqual([]);

    const detail = (cookie?: string) => {
      const r = http.get(`/api/products/${ids.tagine}`);
      return cookie ? r.set('Cookie', cookie) : r;
    };
    expect((await detail(cookies.buyer).expect(200)).body.isFavorited).toBe(true);
    expect((await detail(cookies.other).expect(200)).body.isFavorited).toBe(false);
    expect((await detail().expect(200)).body.isFavorited).toBe(false);
    const list = await http.get('/api/products').set('Cookie', cookies.buyer).expect(200);
    expect(
      Object.fromEntries(list.body.map((p: { id: string; isFavorited: boolean }) => [p.id, p.isFavorited])),
    ).toEqual({ [ids.tagine]: true, [ids.lamp]: false });
  });

  it('lists favourites newest first, as whole products with isFavorited, each user only their own', async () => {
    await new Promise((r) => setTimeout(r, 10));
    await http.post('/api/favorites').set('Cookie', cookies.buyer).send({ productId: ids.lamp }).expect(201);
    // The same Product shape as a product page (API.md), in the order the hearts were given, newest first.
    const page = async (id: string) =>
      (await http.get(`/api/products/${id}`).set('Cookie', cookies.buyer).expect(200)).body;
    const expected = [await page(ids.lamp), await page(ids.tagine)];
    expect(expected.map((p) => p.isFavorited)).toEqual([true, true]);
    expect((await http.get('/api/favorites').set('Cookie', cookies.buyer).expect(200)).body).toEqual(expected);
    expect((await http.get('/api/favorites').set('Cookie', cookies.other).expect(200)).body).toEqual([]);
  });

  it('pages favourites with limit and X-Next-Cursor, and answers bad paging with 400s', async () => {
    const first = await http.get('/api/favorites?limit=1').set('Cookie', cookies.buyer).expect(200);
    expect(first.body.map((p: { id: string }) => p.id)).toEqual([ids.lamp]);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toEqual(expect.any(String));
    const second = await http.get(`/api/favorites?limit=1&cursor=${cursor}`).set('Cookie', cookies.buyer).expect(200);
    expect(second.body.map((p: { id: string; isFavorited: boolean }) => [p.id, p.isFavorited])).toEqual([
      [ids.tagine, true],
    ]);
    expect(second.headers['x-next-cursor']).toBeUndefined();
    // The default page holds both, with no next page; a cursor only places a page within the caller's own list.
    const all = await http.get('/api/favorites').set('Cookie', cookies.buyer).expect(200);
    expect(all.body).toHaveLength(2);
    expect(all.headers['x-next-cursor']).toBeUndefined();
    expect(
      (await http.get(`/api/favorites?limit=1&cursor=${cursor}`).set('Cookie', cookies.other).expect(200)).body,
    ).toEqual([]);

    expect((await http.get('/api/favorites?cursor=nope').set('Cookie', cookies.buyer).expect(400)).body).toEqual({
      statusCode: 400,
      message: 'Invalid cursor',
      errors: [{ field: 'query.cursor', message: 'Invalid cursor' }],
    });
    expect((await http.get('/api/favorites?limit=abc').set('Cookie', cookies.buyer).expect(400)).body.message).toBe(
      'limit must be a whole number',
    );
    await http.get('/api/favorites?limit=0').set('Cookie', cookies.buyer).expect(400);
    await http.get('/api/favorites?limit=101').set('Cookie', cookies.buyer).expect(400);
    await http.get('/api/favorites?limit=1').expect(401);
  });

  it('orders Most Popular by hearts', async () => {
    await http.post('/api/favorites').set('Cookie', cookies.other).send({ productId: ids.tagine }).expect(201);
    expect(
      (await http.get('/api/favorites').set('Cookie', cookies.other).expect(200)).body.map((p: { id: string }) => p.id),
    ).toEqual([ids.tagine]);
    await eventually(async () => {
      const popular = await http.get('/api/products?sort=popular').expect(200);
      expect(popular.body.map((p: { id: string }) => p.id)).toEqual([ids.tagine, ids.lamp]);
    });
  });

  it('un-hearts, and a removed product leaves favourites; only the owner may remove (403/204)', async () => {
    await http.delete(`/api/favorites/${ids.tagine}`).set('Cookie', cookies.other).expect(204);
    expect((await http.get('/api/favorites').set('Cookie', cookies.other).expect(200)).body).toEqual([]);
    await http.delete(`/api/products/${ids.tagine}`).set('Cookie', cookies.buyer).expect(403);
    await http.delete(`/api/products/${ids.tagine}`).expect(401);
    await http.delete(`/api/products/${ids.tagine}`).set('Cookie', cookies.seller).expect(204);
    await http.get(`/api/products/${ids.tagine}`).expect(404);
    await eventually(async () => {
      expect(
        (await http.get('/api/favorites').set('Cookie', cookies.buyer).expect(200)).body.map(
          (p: { id: string }) => p.id,
        ),
      ).toEqual([ids.lamp]);
    });
    expect(
      (await http.get(`/api/users/${ids.seller}/products`).expect(200)).body.map((p: { id: string }) => p.id),
    ).toEqual([ids.lamp]);
  });

  it('skips a favourite whose card is missing and whose product catalog no longer answers', async () => {
    // The buyer's newest favourite is the removed tagine again, as if the removal had not reached favourites, but
    // its card is gone (deleted with the removal): favourites asks catalog for it, which answers nothing.
    const [row] = await infra.database.query<{ is_active: boolean }>(
      `UPDATE favourites.favourites SET is_active = true, favourited_at = now() WHERE user_id = $1 AND product_id = $2 RETURNING is_active`,
      [ids.buyer, ids.tagine],
    );
    expect(row).toEqual({ is_active: true });
    const list = await http.get('/api/favorites').set('Cookie', cookies.buyer).expect(200);
    expect(list.body.map((p: { id: string; isFavorited: boolean }) => [p.id, p.isFavorited])).toEqual([
      [ids.lamp, true],
    ]);
    // A page of one: the first page holds only the gone tagine, so the next page is answered in its place (an empty
    // page would read as the end of the list).
    const first = await http.get('/api/favorites?limit=1').set('Cookie', cookies.buyer).expect(200);
    expect(first.body.map((p: { id: string }) => p.id)).toEqual([ids.lamp]);
    expect(first.headers['x-next-cursor']).toBeUndefined();
  });

  it('keeps browsing when favourites is down (hearts empty), and its own routes answer 503', async () => {
    await favourites.close();
    try {
      const list = await http.get('/api/products').set('Cookie', cookies.buyer).expect(200);
      expect(list.body.every((p: { isFavorited: boolean }) => !p.isFavorited)).toBe(true);
      await http.get('/api/favorites').set('Cookie', cookies.buyer).expect(503);
    } finally {
      favourites = await startService('favourites', infra);
    }
  });
});

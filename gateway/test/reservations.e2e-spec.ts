import { randomUUID } from 'node:crypto';
import { RESERVATION_MESSAGES } from '@souvenir/contracts';
import { eventually } from '@souvenir/testing';
import { goodCard, join, type Account, shipping } from './gateway-harness';
import { gatewayWorld } from './gateway-world';

/** One hour of a reservation lasts this many seconds here, so that a 1-hour reservation's job ends it in the test. */
const HOUR_SECONDS = 3;

/**
 * `POST /api/products/{id}/reserve` and `DELETE /api/products/{id}/reserve` over real HTTP with identity, catalog,
 * favourites, payments and notifications: the seller reserves an item for one buyer; everyone sees "Reserved" (browse,
 * the page, favourites), only the seller and that buyer learn who it is for, only that buyer can pay, and the
 * reservation ends when the seller lifts it or when its job runs at its time.
 */
const { http } = gatewayWorld({
  services: ['identity', 'notifications', 'catalog', 'favourites', 'payments'],
  env: { catalog: { RESERVATION_HOUR_SECONDS: String(HOUR_SECONDS) } },
  gateway: { RPC_TIMEOUT_MS: '4000' },
});
let seller: Account;
let buyer: Account;
let other: Account;

const listing = {
  title: 'Carved olive wood bowl',
  description: 'Bought at a market in Crete, oiled and wrapped.',
  price: 30,
  condition: 'new',
  category: 'Home Decor',
  country: 'Greece',
  images: ['https://example.com/bowl.jpg'],
};
const guestInfo = { email: 'gus@example.com', firstName: 'Gus', lastName: 'Guest', ...shipping };

beforeAll(async () => {
  const suffix = randomUUID().slice(0, 6);
  seller = await join(http, `rena${suffix}`, 'Rena');
  buyer = await join(http, `bo${suffix}`, 'Bo');
  other = await join(http, `ola${suffix}`, 'Ola');
}, 120_000);

const list = async (overrides: Record<string, unknown> = {}) =>
  (
    await http
      .post('/api/products')
      .set('Cookie', seller.cookie)
      .send({ ...listing, ...overrides })
      .expect(201)
  ).body as { id: string };
const reserve = (id: string, body: object, who: Account = seller) =>
  http.post(`/api/products/${id}/reserve`).set('Cookie', who.cookie).send(body);
const lift = (id: string, who: Account = seller) =>
  http.delete(`/api/products/${id}/reserve`).set('Cookie', who.cookie);
const page = async (id: string, who?: Account) => {
  const req = http.get(`/api/products/${id}`);
  return (await (who ? req.set('Cookie', who.cookie) : req).expect(200)).body;
};
const startCheckout = (id: string, who: Account | null, amount = 30) => {
  const req = http.post('/api/create-payment-intent');
  return (who ? req.set('Cookie', who.cookie) : req).send({
    productId: id,
    amount,
    guestInfo: who ? shipping : guestInfo,
  });
};

describe('reserving an item for one buyer', () => {
  it('is the seller’s alone, for another real member, with a clear 4xx otherwise', async () => {
    const { id } = await list();
    await http.post(`/api/products/${id}/reserve`).send({ buyerId: buyer.id }).expect(401);
    await http.delete(`/api/products/${id}/reserve`).expect(401);
    // A buyer cannot reserve for themselves, nor anyone else for anyone.
    const byBuyer = await reserve(id, { buyerId: buyer.id }, buyer).expect(403);
    expect(byBuyer.body.message).toBe(RESERVATION_MESSAGES.onlySeller);
    await reserve(id, { buyerId: buyer.id }, other).expect(403);
    const forSelf = await reserve(id, { buyerId: seller.id }).expect(403);
    expect(forSelf.body.message).toBe(RESERVATION_MESSAGES.forYourself);
    await reserve(id, { buyerId: randomUUID() }).expect(404);
    await reserve(randomUUID(), { buyerId: buyer.id }).expect(404);
    await reserve('not-a-uuid', { buyerId: buyer.id }).expect(404);
    const cases: [unknown, RegExp][] = [
      [{}, /buyerId/],
      [{ buyerId: 'someone' }, /buyerId/],
      [{ buyerId: buyer.id, hours: 0 }, /1 to 168/],
      [{ buyerId: buyer.id, hours: 169 }, /1 to 168/],
      [{ buyerId: buyer.id, hours: 1.5 }, /1 to 168/],
      [{ buyerId: buyer.id, hours: 'soon' }, /1 to 168/],
      [{ buyerId: buyer.id, until: 'tomorrow' }, /until/],
    ];
    for (const [body, message] of cases) {
      const res = await reserve(id, body as object);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.message).toMatch(message);
    }
    await lift(id, buyer).expect(403);
    await lift(id, other).expect(403);
    await lift(randomUUID()).expect(404);
    expect(await page(id)).not.toHaveProperty('reservedUntil');
  });

  it('shows "Reserved" to everyone for 48 hours by default, and who it is for only to the seller and that buyer', async () => {
    const { id } = await list({ title: 'Painted ceramic owl from Crete' });
    await http.post('/api/favorites').set('Cookie', other.cookie).send({ productId: id }).expect(201);
    // Warm the Favorites tab's stored card, so the reservation must reach it.
    await http.get('/api/favorites').set('Cookie', other.cookie).expect(200);

    const before = Date.now();
    const reserved = await reserve(id, { buyerId: buyer.id }).expect(200);
    expect(reserved.body).toMatchObject({
      id,
      status: 'active',
      reservedUntil: expect.any(String),
      reservedFor: { id: buyer.id, firstName: 'Bo', lastName: 'Traveller' },
    });
    const lasts = Date.parse(reserved.body.reservedUntil) - before;
    expect(lasts).toBeGreaterThan((48 * HOUR_SECONDS - 2) * 1000);
    expect(lasts).toBeLessThan((48 * HOUR_SECONDS + 2) * 1000);

    for (const viewer of [undefined, other]) {
      const seen = await page(id, viewer);
      expect(seen.reservedUntil).toBe(reserved.body.reservedUntil);
      expect(seen).not.toHaveProperty('reservedFor');
    }
    expect((await page(id, buyer)).reservedFor).toEqual({ id: buyer.id, firstName: 'Bo', lastName: 'Traveller' });
    expect((await page(id, seller)).reservedFor?.id).toBe(buyer.id);

    const browse = await http.get('/api/products').query({ search: 'ceramic owl' }).expect(200);
    const card = browse.body.find((p: { id: string }) => p.id === id);
    expect(card.reservedUntil).toBe(reserved.body.reservedUntil);
    expect(card).not.toHaveProperty('reservedFor');
    await eventually(async () => {
      const favourites = await http.get('/api/favorites').set('Cookie', other.cookie).expect(200);
      const favourite = favourites.body.find((p: { id: string }) => p.id === id);
      expect(favourite.reservedUntil).toBe(reserved.body.reservedUntil);
      expect(favourite).not.toHaveProperty('reservedFor');
    }, 15_000);

    // The buyer is told in the bell, with a link to the item.
    await eventually(async () => {
      const bell = await http.get('/api/notifications').set('Cookie', buyer.cookie).expect(200);
      const notice = (bell.body.items as { kind: string; text: string; link: string }[]).find(
        (n) => n.kind === 'reservation' && n.link === `/product/${id}`,
      );
      expect(notice?.text).toBe(
        'Rena reserved Painted ceramic owl from Crete for you for 48 hours: only you can buy it until then',
      );
    }, 15_000);

    // The same buyer again: extended, from now, for the hours chosen.
    const extended = await reserve(id, { buyerId: buyer.id, hours: 72 }).expect(200);
    expect(Date.parse(extended.body.reservedUntil)).toBeGreaterThan(Date.parse(reserved.body.reservedUntil));
    // Another buyer while it stands: refused until the seller lifts it.
    const taken = await reserve(id, { buyerId: other.id }).expect(409);
    expect(taken.body.message).toMatch(/^This item is already reserved for another buyer until .+ UTC\. Lift that/);
  });

  it('lets only the reserved buyer pay (others 409 with a sentence), and the sale ends the reservation', async () => {
    const { id } = await list({ title: 'Brass coffee grinder', price: 45 });
    await reserve(id, { buyerId: buyer.id, hours: 24 }).expect(200);

    const refused = await startCheckout(id, other, 45).expect(409);
    expect(refused.body.message).toMatch(
      /^This item is reserved for another buyer until .+ UTC, so only they can buy it until then\.$/,
    );
    await startCheckout(id, null, 45).expect(409);

    const intent = await startCheckout(id, buyer, 45).expect(200);
    await http
      .post('/api/payments/test-confirm')
      .send({ clientSecret: intent.body.clientSecret, card: goodCard })
      .expect(200);
    const sold = await eventually(async () => {
      const seen = await page(id, seller);
      expect(seen.status).toBe('sold');
      return seen;
    }, 15_000);
    expect(sold).not.toHaveProperty('reservedUntil');
    const again = await reserve(id, { buyerId: other.id }).expect(409);
    expect(again.body.message).toBe(RESERVATION_MESSAGES.sold);
  });

  it('is lifted by the seller only (204, twice too), and then anyone can pay', async () => {
    const { id } = await list({ title: 'Woven reed basket' });
    await reserve(id, { buyerId: buyer.id }).expect(200);
    await startCheckout(id, other).expect(409);
    await lift(id, buyer).expect(403);
    await lift(id).expect(204);
    await lift(id).expect(204);
    expect(await page(id, seller)).not.toHaveProperty('reservedUntil');
    await startCheckout(id, other).expect(200);
  });

  it('refuses an item in another buyer’s checkout, and one off sale (409 with a sentence)', async () => {
    const { id } = await list({ title: 'Glass evil eye charm', price: 12 });
    await startCheckout(id, other, 12).expect(200);
    const paying = await reserve(id, { buyerId: buyer.id }).expect(409);
    expect(paying.body.message).toBe(RESERVATION_MESSAGES.inCheckout);
    // The one paying may be the one it is reserved for: their checkout goes on.
    await reserve(id, { buyerId: other.id }).expect(200);

    const removed = await list({ title: 'Marble coaster set' });
    await http.delete(`/api/products/${removed.id}`).set('Cookie', seller.cookie).expect(204);
    const offSale = await reserve(removed.id, { buyerId: buyer.id }).expect(409);
    expect(offSale.body.message).toBe(RESERVATION_MESSAGES.notOnSale);
    await reserve(removed.id, { buyerId: buyer.id }, other).expect(403);
  });

  it('is refused for someone a block stands between, and a block ends a reservation', async () => {
    const suffix = randomUUID().slice(0, 6);
    const blocker = await join(http, `bea${suffix}`, 'Bea');
    const blocked = await join(http, `cai${suffix}`, 'Cai');
    const { id } = await list({ title: 'Hand-painted tile' });
    await http.post(`/api/users/${seller.id}/block`).set('Cookie', blocker.cookie).expect(204);
    await eventually(async () => {
      const res = await reserve(id, { buyerId: blocker.id }).expect(403);
      expect(res.body.message).toBe(RESERVATION_MESSAGES.blocked);
    }, 15_000);

    // Another item: until catalog knew of the block, a try above may have reserved the first one for the blocker.
    const { id: tile } = await list({ title: 'Hand-painted tile, the other' });
    await reserve(tile, { buyerId: blocked.id }).expect(200);
    await http.post(`/api/users/${blocked.id}/block`).set('Cookie', seller.cookie).expect(204);
    await eventually(async () => expect(await page(tile, seller)).not.toHaveProperty('reservedUntil'), 15_000);
    const res = await reserve(tile, { buyerId: blocked.id }).expect(403);
    expect(res.body.message).toBe(RESERVATION_MESSAGES.youBlocked);
  });

  it('ends at its time through its job: the cards follow and anyone can pay again', async () => {
    const { id } = await list({ title: 'Copper cezve pot' });
    await http.post('/api/favorites').set('Cookie', other.cookie).send({ productId: id }).expect(201);
    const reserved = await reserve(id, { buyerId: buyer.id, hours: 2 }).expect(200);
    expect(Date.parse(reserved.body.reservedUntil) - Date.now()).toBeLessThanOrEqual(2 * HOUR_SECONDS * 1000);
    await eventually(async () => {
      const favourites = await http.get('/api/favorites').set('Cookie', other.cookie).expect(200);
      expect(favourites.body.find((p: { id: string }) => p.id === id)?.reservedUntil).toBeDefined();
    }, 15_000);
    // The favourite's stored card is dropped only by the end's event, which only the job writes: its disappearance
    // shows the job ran (the page alone would stop saying "Reserved" on time whatever the job does).
    await eventually(async () => {
      const favourites = await http.get('/api/favorites').set('Cookie', other.cookie).expect(200);
      expect(favourites.body.find((p: { id: string }) => p.id === id)).not.toHaveProperty('reservedUntil');
    }, 20_000);
    expect(await page(id, buyer)).not.toHaveProperty('reservedUntil');
    await startCheckout(id, other).expect(200);
  });
});

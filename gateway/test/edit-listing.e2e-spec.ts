import { randomUUID } from 'node:crypto';
import { eventually, mailsTo } from '@souvenir/testing';
import { join, type Account, shipping } from './gateway-harness';
import { gatewayWorld } from './gateway-world';

/**
 * `PATCH /api/products/{id}` over real HTTP with identity, catalog, favourites, messaging, payments and notifications
 * and a real MailDev: the owner edits any field of the sell form; the edit reaches browse, search, the favouriter's
 * Favorites tab and the conversation about it; a price drop tells the favouriter in the bell and by mail, once a day.
 */
const { maildev, http } = gatewayWorld({
  services: ['identity', 'notifications', 'catalog', 'favourites', 'messaging', 'payments'],
  mail: true,
  gateway: { RPC_TIMEOUT_MS: '4000' },
});
let seller: Account;
let fan: Account;
let fanEmail: string;
let other: Account;

const listing = {
  title: 'Painted fan from Kyoto',
  description: 'Bought at a temple market, kept in its box.',
  price: 40,
  condition: 'new',
  category: 'Art & Crafts',
  country: 'Japan',
  images: ['https://example.com/fan-1.jpg', 'https://example.com/fan-2.jpg'],
};

beforeAll(async () => {
  seller = await join(http, `sami${randomUUID().slice(0, 6)}`, 'Sami');
  const fanName = `fay${randomUUID().slice(0, 6)}`;
  fanEmail = `${fanName}@example.com`;
  fan = await join(http, fanName, 'Fay');
  other = await join(http, `olga${randomUUID().slice(0, 6)}`, 'Olga');
}, 120_000);

const list = async (overrides: Record<string, unknown> = {}) =>
  (
    await http
      .post('/api/products')
      .set('Cookie', seller.cookie)
      .send({ ...listing, ...overrides })
      .expect(201)
  ).body as { id: string };
const edit = (id: string, body: unknown, who: Account = seller) =>
  http
    .patch(`/api/products/${id}`)
    .set('Cookie', who.cookie)
    .send(body as object);
const priceDropMails = async () =>
  (await mailsTo(maildev.webUrl, fanEmail)).filter((m) => m.subject.startsWith('Price drop'));

describe('PATCH /api/products/{id}', () => {
  it('edits any field for its owner only, and reaches browse, search, favourites and conversations', async () => {
    const { id } = await list({ title: 'Folding fan Kyoto temple' });
    await http.post('/api/favorites').set('Cookie', fan.cookie).send({ productId: id }).expect(201);
    await http
      .post('/api/messages')
      .set('Cookie', fan.cookie)
      .send({ toUserId: seller.id, productId: id, content: 'Is the box included?' })
      .expect(201);
    // Warm the Favorites tab's stored card, so the edit must reach it.
    await http.get('/api/favorites').set('Cookie', fan.cookie).expect(200);

    await http.patch(`/api/products/${id}`).send({ title: 'x' }).expect(401);
    await edit(id, { title: 'Not mine to change' }, other).expect(403);
    await edit(randomUUID(), { title: 'Nobody has this one' }).expect(404);
    await edit('not-a-uuid', { title: 'Nobody has this one' }).expect(404);

    const edited = await edit(id, {
      title: 'Hand-painted silk fan Kyoto',
      images: [listing.images[1], listing.images[0], 'https://example.com/fan-3.jpg'],
      condition: 'like-new',
    }).expect(200);
    expect(edited.body).toMatchObject({
      id,
      title: 'Hand-painted silk fan Kyoto',
      images: [listing.images[1], listing.images[0], 'https://example.com/fan-3.jpg'],
      condition: 'like-new',
      price: '40.00',
      description: listing.description,
      status: 'active',
    });
    expect(edited.body).not.toHaveProperty('previousPrice');

    const page = await http.get(`/api/products/${id}`).expect(200);
    expect(page.body.title).toBe('Hand-painted silk fan Kyoto');
    const search = await http.get('/api/products').query({ search: 'silk fan' }).expect(200);
    expect(search.body.map((p: { id: string }) => p.id)).toContain(id);
    await eventually(async () => {
      const favourites = await http.get('/api/favorites').set('Cookie', fan.cookie).expect(200);
      expect(favourites.body.find((p: { id: string }) => p.id === id)?.title).toBe('Hand-painted silk fan Kyoto');
    }, 15_000);
    await eventually(async () => {
      const inbox = await http.get('/api/messages/conversations').set('Cookie', seller.cookie).expect(200);
      expect(JSON.stringify(inbox.body)).toContain('Hand-painted silk fan Kyoto');
    }, 15_000);
  });

  it('checks the edited listing with the sell form rules: a clear 400, never a 5xx', async () => {
    const { id } = await list();
    const cases: [unknown, RegExp][] = [
      [{ title: '' }, /title/i],
      [{ price: -3 }, /price/i],
      [{ price: 'ten' }, /price/i],
      [{ images: [] }, /image|photo/i],
      [{ images: ['javascript:alert(1)'] }, /image|url/i],
      [{ originalPrice: 10 }, /original price/i],
      [{ contents: ['none', 'food'] }, /none of these/i],
      [{ status: 'sold' }, /Unknown field: status/],
      [{ sellerId: randomUUID() }, /Unknown field: sellerId/],
      [[1, 2], /Unknown field/],
    ];
    for (const [body, message] of cases) {
      const res = await edit(id, body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.message).toMatch(message);
    }
    const unchanged = await http.get(`/api/products/${id}`).expect(200);
    expect(unchanged.body).toMatchObject({ title: listing.title, price: '40.00' });
  });

  it('refuses while a buyer is paying for it (409 with a sentence): their amount is the one they started with', async () => {
    const { id } = await list({ price: 25 });
    const intent = await http
      .post('/api/create-payment-intent')
      .set('Cookie', fan.cookie)
      .send({ productId: id, amount: 25, guestInfo: shipping })
      .expect(200);
    expect(intent.body.amount).toBe('25.00');
    const refused = await edit(id, { price: 20 }).expect(409);
    expect(refused.body.message).toMatch(/buyer is paying for this item/);
    expect((await http.get(`/api/products/${id}`).expect(200)).body.price).toBe('25.00');
  });

  it('refuses a sold listing (409 with a sentence)', async () => {
    const { id } = await list({ price: 12 });
    const intent = await http
      .post('/api/create-payment-intent')
      .set('Cookie', fan.cookie)
      .send({ productId: id, amount: 12, guestInfo: shipping })
      .expect(200);
    await http
      .post('/api/payments/test-confirm')
      .send({
        clientSecret: intent.body.clientSecret,
        card: {
          number: '4242 4242 4242 4242',
          expMonth: 12,
          expYear: new Date().getUTCFullYear() + 2,
          cvc: '123',
          postalCode: '10001',
        },
      })
      .expect(200);
    await eventually(async () => {
      expect((await http.get(`/api/products/${id}`).expect(200)).body.status).toBe('sold');
    }, 15_000);
    const refused = await edit(id, { title: 'A new title for a sold fan' }).expect(409);
    expect(refused.body.message).toBe('This item has been sold, so its listing can no longer be edited');
  });
});

describe('a price drop', () => {
  it('tells the favouriter in the bell and by mail, once a day, and strikes the old price through', async () => {
    const { id } = await list({ title: 'Lacquered tea caddy', price: 60 });
    await http.post('/api/favorites').set('Cookie', fan.cookie).send({ productId: id }).expect(201);

    const dropped = await edit(id, { price: 45 }).expect(200);
    expect(dropped.body).toMatchObject({ price: '45.00', previousPrice: '60.00', priceDroppedAt: expect.any(String) });
    const browse = await http.get('/api/products').query({ search: 'lacquered caddy' }).expect(200);
    expect(browse.body.find((p: { id: string }) => p.id === id)).toMatchObject({
      price: '45.00',
      previousPrice: '60.00',
    });

    const bell = await eventually(async () => {
      const res = await http.get('/api/notifications').set('Cookie', fan.cookie).expect(200);
      const items = (res.body.items as { kind: string; text: string; link: string }[]).filter(
        (n) => n.kind === 'priceDrop' && n.link === `/product/${id}`,
      );
      expect(items).toHaveLength(1);
      return items[0]!;
    }, 20_000);
    expect(bell.text).toContain('Lacquered tea caddy');
    expect(bell.text).toContain('$45.00');
    const [mail] = await eventually(async () => {
      const mails = await priceDropMails();
      expect(mails).toHaveLength(1);
      return mails;
    }, 20_000);
    expect(mail!.subject).toBe('Price drop: Lacquered tea caddy is now $45.00');
    expect(mail!.text).toContain(`http://localhost:3000/product/${id}`);
    // The seller is not told about their own drop.
    const sellerBell = await http.get('/api/notifications').set('Cookie', seller.cookie).expect(200);
    expect(sellerBell.body.items.filter((n: { kind: string }) => n.kind === 'priceDrop')).toHaveLength(0);

    // A second drop the same day: the page shows it, nobody is told again.
    const again = await edit(id, { price: 40 }).expect(200);
    expect(again.body).toMatchObject({ price: '40.00', previousPrice: '45.00' });
    // A later edit (it passed through every consumer after the second drop) proves the drop was seen and skipped.
    await edit(id, { title: 'Lacquered tea caddy, red' }).expect(200);
    await eventually(async () => {
      const favourites = await http.get('/api/favorites').set('Cookie', fan.cookie).expect(200);
      expect(favourites.body.find((p: { id: string }) => p.id === id)?.title).toBe('Lacquered tea caddy, red');
    }, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await priceDropMails()).toHaveLength(1);
    const bellAfter = await http.get('/api/notifications').set('Cookie', fan.cookie).expect(200);
    expect(bellAfter.body.items.filter((n: { kind: string }) => n.kind === 'priceDrop')).toHaveLength(1);

    // A raise ends the strike-through.
    const raised = await edit(id, { price: 50 }).expect(200);
    expect(raised.body).not.toHaveProperty('previousPrice');
  });
});

import { randomUUID } from 'node:crypto';
import { MAX_SAVED_SEARCHES, SAVED_SEARCH_MESSAGES, type SavedSearchDto } from '@souvenir/contracts';
import { eventually, mailsTo } from '@souvenir/testing';
import { join, type Account } from './gateway-harness';
import { gatewayWorld } from './gateway-world';

/**
 * Saved searches over real HTTP with identity, catalog, alerts and notifications and a real MailDev: a person saves
 * Home's words and filters; a new listing that matches tells them in the bell and by one e-mail a day per search;
 * a listing that does not match, their own, a blocked seller's, or one that cannot be delivered to them tells nobody;
 * at most 50 are kept; one can be deleted.
 */
const { http, maildev } = gatewayWorld({
  services: ['identity', 'catalog', 'moderation', 'alerts', 'notifications', 'payments'],
  mail: true,
  env: { notifications: { SAVED_SEARCH_MAIL_DELAY_SECONDS: '1' } },
});

let owner: Account;
let ownerEmail: string;
let seller: Account;
let blocked: Account;

const listing = {
  title: 'Blue Talavera tiles, set of four',
  description: 'Hand-painted in Puebla, wrapped for travel.',
  price: 25,
  condition: 'new',
  category: 'Home Decor',
  country: 'Mexico',
  images: ['https://example.com/tile-1.jpg'],
};

beforeAll(async () => {
  const ownerName = `ines${randomUUID().slice(0, 6)}`;
  ownerEmail = `${ownerName}@example.com`;
  owner = await join(http, ownerName, 'Ines');
  seller = await join(http, `sol${randomUUID().slice(0, 6)}`, 'Sol');
  blocked = await join(http, `bo${randomUUID().slice(0, 6)}`, 'Bo');
}, 120_000);

const list = async (who: Account, overrides: Record<string, unknown> = {}) =>
  (
    await http
      .post('/api/products')
      .set('Cookie', who.cookie)
      .send({ ...listing, ...overrides })
      .expect(201)
  ).body as { id: string; shipsFrom: string | null };
const save = (body: object, who: Account = owner) =>
  http.post('/api/saved-searches').set('Cookie', who.cookie).send(body);
const savedSearches = async (who: Account = owner) =>
  (await http.get('/api/saved-searches').set('Cookie', who.cookie).expect(200)).body as SavedSearchDto[];
const matchBells = async (who: Account = owner) =>
  (
    (await http.get('/api/notifications').set('Cookie', who.cookie).expect(200)).body.items as {
      kind: string;
      text: string;
      link: string;
    }[]
  ).filter((n) => n.kind === 'savedSearchMatch');
/** Waits for the bell to tell about `productId`: events before it (of catalog and of alerts) were applied by then. */
const bellFor = (productId: string, who: Account = owner) =>
  eventually(async () => {
    const bell = (await matchBells(who)).find((n) => n.link === `/product/${productId}`);
    if (!bell) throw new Error(`no alert for ${productId} yet`);
    return bell;
  }, 20_000);
const searchMails = async () =>
  (await mailsTo(maildev.webUrl, ownerEmail)).filter((m) => m.subject.includes('saved search'));

describe('saved searches', () => {
  let talavera: SavedSearchDto;

  it('saves the words and filters of a search, validated as the search validates them', async () => {
    await http.post('/api/saved-searches').send({ search: 'talavera' }).expect(401);
    await http.get('/api/saved-searches').expect(401);

    const created = await save({ search: ' talavera tile ', country: 'Mexico', maxPrice: 100 }).expect(201);
    talavera = created.body;
    expect(talavera).toEqual({
      id: expect.any(String),
      search: 'talavera tile',
      country: 'Mexico',
      minPrice: null,
      maxPrice: '100.00',
      categories: [],
      condition: null,
      createdAt: expect.any(String),
      newMatches: 0,
    });
    expect(await savedSearches()).toEqual([talavera]);

    // The search's own rules, sentences and all.
    const badCondition = await save({ search: 'tile', condition: 'mint' }).expect(400);
    expect(JSON.stringify(badCondition.body)).toContain('condition must be one of new, like-new, good');
    expect(JSON.stringify((await save({ search: 'x'.repeat(201) }).expect(400)).body)).toContain('Search is too long');
    const range = await save({ search: 'tile', minPrice: 50, maxPrice: 10 }).expect(400);
    expect(JSON.stringify(range.body)).toContain(SAVED_SEARCH_MESSAGES.priceRange);
    expect((await save({}).expect(400)).body.message).toBe(SAVED_SEARCH_MESSAGES.empty);
    expect((await save({ search: '  !! ' }).expect(400)).body.message).toBe(SAVED_SEARCH_MESSAGES.empty);
    await save({ search: 'tile', sort: 'recent' }).expect(400);
    await save({ search: 'tile', minPrice: 'cheap' }).expect(400);
    expect(await savedSearches()).toHaveLength(1);
  });

  it('tells the owner of a match in the bell and by one e-mail, and nobody of a non-match or their own listing', async () => {
    const plate = await list(seller, { title: 'Talavera plate with birds' });
    const spanish = await list(seller, { title: 'Talavera tile from Toledo', country: 'Spain' });
    const dear = await list(seller, { title: 'Antique Talavera tile', price: 250 });
    const own = await list(owner, { title: 'My own Talavera tile' });
    const match = await list(seller);

    const bell = await bellFor(match.id);
    expect(bell.text).toBe(
      'New match for your saved search "talavera tile" from Mexico up to $100: Blue Talavera tiles, set of four, $25.00',
    );
    const links = (await matchBells()).map((n) => n.link);
    for (const other of [plate, spanish, dear, own]) expect(links).not.toContain(`/product/${other.id}`);
    expect(await matchBells(seller)).toEqual([]);

    // The list counts it as new once: this look resets the count.
    expect((await savedSearches())[0]).toMatchObject({ id: talavera.id, newMatches: 1 });
    expect((await savedSearches())[0]).toMatchObject({ id: talavera.id, newMatches: 0 });

    const [mail] = await eventually(async () => {
      const mails = await searchMails();
      if (!mails.length) throw new Error('no mail yet');
      return mails;
    }, 20_000);
    expect(mail.subject).toBe('New match for your saved search "talavera tile" from Mexico up to $100');
    expect(mail.text).toContain('Blue Talavera tiles, set of four');
    expect(mail.text).toContain(`/product/${match.id}`);
    expect(mail.text).not.toContain('Talavera plate');

    // A second match the same day: the bell at once, the e-mail waits for tomorrow's.
    const second = await list(seller, { title: 'Talavera tile trivet', price: 12 });
    await bellFor(second.id);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await searchMails()).toHaveLength(1);
  });

  it("matches a price drop that brings a listing into the search's range, once", async () => {
    const dear = await list(seller, { title: 'Large Talavera tile mural', price: 400 });
    await http.patch(`/api/products/${dear.id}`).set('Cookie', seller.cookie).send({ price: 90 }).expect(200);
    await bellFor(dear.id);
    await http.patch(`/api/products/${dear.id}`).set('Cookie', seller.cookie).send({ price: 80 }).expect(200);
    const control = await list(seller, { title: 'Talavera tile coaster', price: 8 });
    await bellFor(control.id);
    expect((await matchBells()).filter((n) => n.link === `/product/${dear.id}`)).toHaveLength(1);
  });

  it('never tells about a reserved item; its reservation lifted, it does', async () => {
    const dear = await list(seller, { title: 'Talavera tile clock', price: 300 });
    await http
      .post(`/api/products/${dear.id}/reserve`)
      .set('Cookie', seller.cookie)
      .send({ buyerId: blocked.id })
      .expect(200);
    await http.patch(`/api/products/${dear.id}`).set('Cookie', seller.cookie).send({ price: 60 }).expect(200);
    // A later listing's alert: the reserved item's price drop was applied by then and told nobody.
    const control = await list(seller, { title: 'Talavera tile trivet', price: 9 });
    await bellFor(control.id);
    expect((await matchBells()).filter((n) => n.link === `/product/${dear.id}`)).toEqual([]);
    await http.delete(`/api/products/${dear.id}/reserve`).set('Cookie', seller.cookie).expect(204);
    await bellFor(dear.id);
  });

  it("never tells a blocker about the blocked person's listings", async () => {
    await http.post(`/api/users/${blocked.id}/block`).set('Cookie', owner.cookie).expect(204);
    // The block reaches alerts before the listing below does: identity's event is written first, but the two
    // streams are separate consumers, so wait until a listing made after it is surely matched.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const theirs = await list(blocked, { title: 'Talavera tile by Bo' });
    const control = await list(seller, { title: 'Talavera tile bookend' });
    await bellFor(control.id);
    expect((await matchBells()).map((n) => n.link)).not.toContain(`/product/${theirs.id}`);
  });

  it('tells only about items that can be delivered to the owner (shipped within their country)', async () => {
    const moveTo = (who: Account, firstName: string, location: string) =>
      http
        .put(`/api/users/${who.id}`)
        .set('Cookie', who.cookie)
        .send({ firstName, lastName: 'Traveller', location })
        .expect(200);
    await moveTo(owner, 'Ines', 'Puebla, Mexico');
    await moveTo(seller, 'Sol', 'Oaxaca, Mexico');
    await moveTo(blocked, 'Bo', 'London, UK');
    // Catalog's sellers learn the locations from identity's events, as alerts does.
    await eventually(async () => {
      expect((await list(seller, { title: 'Clay whistle' })).shipsFrom).toBe('Mexico');
    }, 20_000);
    await http.delete(`/api/users/${blocked.id}/block`).set('Cookie', owner.cookie).expect(204);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const abroad = await list(blocked, { title: 'Talavera tile shipped from London' });
    expect(abroad.shipsFrom).toBe('United Kingdom');
    const home = await list(seller, { title: 'Talavera tile from Oaxaca' });
    await bellFor(home.id);
    expect((await matchBells()).map((n) => n.link)).not.toContain(`/product/${abroad.id}`);
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} per person (409 beyond) and deletes one for its owner only`, async () => {
    const existing = (await savedSearches(seller)).length;
    for (let i = existing; i < MAX_SAVED_SEARCHES; i++)
      await save({ search: `souvenir ${i}`, categories: ['Ceramics & Pottery'] }, seller).expect(201);
    const refused = await save({ search: 'one more' }, seller).expect(409);
    expect(refused.body.message).toBe(SAVED_SEARCH_MESSAGES.tooMany);
    const [newest] = await savedSearches(seller);

    await http.delete(`/api/saved-searches/${newest.id}`).set('Cookie', owner.cookie).expect(404);
    await http.delete(`/api/saved-searches/${newest.id}`).expect(401);
    await http.delete('/api/saved-searches/not-a-uuid').set('Cookie', seller.cookie).expect(404);
    await http.delete(`/api/saved-searches/${newest.id}`).set('Cookie', seller.cookie).expect(204);
    await http.delete(`/api/saved-searches/${newest.id}`).set('Cookie', seller.cookie).expect(404);
    const after = await savedSearches(seller);
    expect(after).toHaveLength(MAX_SAVED_SEARCHES - 1);
    expect(after.map((s) => s.id)).not.toContain(newest.id);
    await save({ search: 'one more' }, seller).expect(201);
  });

  it('deleting a saved search stops its alerts', async () => {
    await http.delete(`/api/saved-searches/${talavera.id}`).set('Cookie', owner.cookie).expect(204);
    const keep = (await save({ search: 'alebrije' }).expect(201)).body as SavedSearchDto;
    const gone = await list(seller, { title: 'Talavera tile after deletion' });
    const control = await list(seller, { title: 'Painted alebrije jaguar' });
    await bellFor(control.id);
    expect((await matchBells()).map((n) => n.link)).not.toContain(`/product/${gone.id}`);
    expect((await savedSearches()).map((s) => s.id)).toEqual([keep.id]);
  });
});

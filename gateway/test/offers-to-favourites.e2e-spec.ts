import { OFFER_MESSAGES } from '@souvenir/contracts';
import { eventually } from '@souvenir/testing';
import { join, payIntent, type Account, shipping } from './gateway-harness';
import { gatewayWorld } from './gateway-world';
import { offerSteps } from './offer-steps';

/**
 * The seller's offer to everyone who favourited an item, over HTTP with the real services:
 * `POST /api/products/{id}/offer-to-favourites` `{ amount }` → 201 `{ sent }`. Each favouriter (not one a block
 * stands between, not one with an offer of their own open on it) gets an offer from the seller that they accept (and
 * pay at its amount) or decline; the same bounds as an offer; once per item a day; not on a reserved or an away
 * seller's item; the sale ends the rest.
 */
const { http, infra } = gatewayWorld({
  services: ['identity', 'catalog', 'favourites', 'payments', 'notifications'],
  gateway: { WRITE_LIMIT_OFFERS: '60/600' },
});
const steps = offerSteps(http);
const { offersOf } = steps;

let seller: Account;
let ana: Account;
let ben: Account;
let cleo: Account;
let dan: Account;

const unknownId = '00000000-0000-4000-8000-000000000000';

const listing = (title: string, price = 40) => steps.listing(seller, title, price);

const favourite = (who: Account, productId: string) =>
  http.post('/api/favorites').set('Cookie', who.cookie).send({ productId }).expect(201);
const toFavourites = (who: Account | null, productId: string, amount: unknown) => {
  const req = http.post(`/api/products/${productId}/offer-to-favourites`);
  return (who ? req.set('Cookie', who.cookie) : req).send(amount === undefined ? {} : { amount });
};
const productAs = async (who: Account, productId: string) =>
  (await http.get(`/api/products/${productId}`).set('Cookie', who.cookie).expect(200)).body;
const onItem = async (who: Account, productId: string) =>
  (await offersOf(who, 'buyer')).filter((o) => o.product.id === productId);

beforeAll(async () => {
  seller = await join(http, 'favoffseller', 'Rosa');
  ana = await join(http, 'favoffana', 'Ana');
  ben = await join(http, 'favoffben', 'Ben');
  cleo = await join(http, 'favoffcleo', 'Cleo');
  dan = await join(http, 'favoffdan', 'Dan');
}, 90_000);

describe('the seller’s offer to the people who favourited an item', () => {
  it('reaches each favouriter but the blocked and those already haggling; accepted, paid; the sale ends the rest', async () => {
    const lamp = await listing('Brass lamp');
    for (const who of [ana, ben, cleo, dan]) await favourite(who, lamp);
    const own = await http.post('/api/offers').set('Cookie', ben.cookie).send({ productId: lamp, amount: '25' });
    expect(own.status).toBe(201);
    await http.post(`/api/users/${cleo.id}/block`).set('Cookie', seller.cookie).expect(204);

    // The round is a write counted against the limit: sent once payments' copy of the blocks holds this one.
    await eventually(async () =>
      expect(
        await infra.database.query(
          'SELECT 1 FROM payments.blocks WHERE blocker_id = $1 AND blocked_id = $2 AND blocked',
          [seller.id, cleo.id],
        ),
      ).toHaveLength(1),
    );
    expect((await toFavourites(seller, lamp, '30').expect(201)).body).toEqual({ sent: 2 });

    const [forAna] = await onItem(ana, lamp);
    expect(forAna).toMatchObject({
      status: 'countered',
      origin: 'seller',
      amount: '30.00',
      role: 'buyer',
      actions: ['accept', 'decline'],
      seller: { id: seller.id },
    });
    const expiresIn = new Date(forAna!.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(47 * 3_600_000);
    expect(expiresIn).toBeLessThanOrEqual(48 * 3_600_000);
    expect(await onItem(cleo, lamp)).toEqual([]);
    // Ben keeps his own offer, and gets none of the seller's.
    expect((await onItem(ben, lamp)).map((o) => [o.origin, o.status])).toEqual([['buyer', 'pending']]);
    const [forDan] = await onItem(dan, lamp);
    // The seller sees the two offers sent, waiting for the buyers.
    const sent = (await offersOf(seller, 'seller')).filter((o) => o.product.id === lamp && o.origin === 'seller');
    expect(sent.map((o) => o.buyer.id).sort()).toEqual([ana.id, dan.id].sort());
    expect(sent.every((o) => o.actions.join() === 'counter')).toBe(true);

    // A favouriter hears of it in the bell.
    await eventually(async () => {
      const bell = await http.get('/api/notifications').set('Cookie', ana.cookie).expect(200);
      expect(bell.body.items.map((n: { text: string }) => n.text)).toContain(
        'Rosa offers you Brass lamp, which you favourited, for $30.00',
      );
    });

    // Nothing to withdraw: the buyer accepts or declines the seller's offer.
    expect(
      (await http.post(`/api/offers/${forDan!.id}/withdraw`).set('Cookie', dan.cookie).expect(403)).body.message,
    ).toBe(OFFER_MESSAGES.declineSellerOffer);
    await http.post(`/api/offers/${forDan!.id}/decline`).set('Cookie', dan.cookie).expect(200);
    const accepted = await http.post(`/api/offers/${forAna!.id}/accept`).set('Cookie', ana.cookie).expect(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', actions: ['pay'] });
    expect(new Date(accepted.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);

    const intent = await http
      .post('/api/create-payment-intent')
      .set('Cookie', ana.cookie)
      .send({ productId: lamp, amount: '30.00', offerId: forAna!.id, guestInfo: shipping })
      .expect(200);
    expect(intent.body.amount).toBe('30.00');
    await payIntent(http, intent.body, ana);
    expect((await onItem(ana, lamp))[0]!.status).toBe('purchased');
    expect((await onItem(ben, lamp))[0]!.status).toBe('ended');
    expect((await onItem(dan, lamp))[0]!.status).toBe('declined');
    // A sold item takes no more rounds.
    await eventually(async () => expect((await productAs(seller, lamp)).status).toBe('sold'));
    expect((await toFavourites(seller, lamp, '30').expect(409)).body.message).toBe(OFFER_MESSAGES.notAvailable);
  });

  it('holds the round to the offer’s bounds and the seller, once per item a day', async () => {
    const bowl = await listing('Clay bowl', 29.99);
    await favourite(ana, bowl);
    await toFavourites(null, bowl, '20').expect(401);
    expect((await toFavourites(ana, bowl, '20').expect(403)).body.message).toBe(OFFER_MESSAGES.favouritesSellerOnly);
    expect((await toFavourites(seller, bowl, '14.99').expect(400)).body.message).toBe(OFFER_MESSAGES.tooLow('15.00'));
    expect((await toFavourites(seller, bowl, '30').expect(400)).body.message).toBe(OFFER_MESSAGES.tooHigh('29.99'));
    for (const bad of ['15.001', -5, 'twenty', '', undefined, null, { amount: 1 }, [20]])
      await toFavourites(seller, bowl, bad).expect(400);
    await toFavourites(seller, unknownId, '20').expect(404);
    await toFavourites(seller, 'nope', '20').expect(404);

    // Two rounds at once: one is sent, the other refused with when the next may go.
    const [one, two] = await Promise.all([toFavourites(seller, bowl, '20'), toFavourites(seller, bowl, '21')]);
    expect([one.status, two.status].sort()).toEqual([201, 409]);
    const refused = one.status === 409 ? one : two;
    expect(refused.body.message).toMatch(
      /^You already sent an offer to the people who favourited this item\. You can send another after /,
    );
    expect(await onItem(ana, bowl)).toHaveLength(1);
  });

  it('refuses a round on a reserved item, and on an away seller’s items; a round to nobody sends none', async () => {
    const vase = await listing('Glass vase');
    await favourite(ana, vase);
    await http.post(`/api/products/${vase}/reserve`).set('Cookie', seller.cookie).send({ buyerId: ben.id }).expect(200);
    expect((await toFavourites(seller, vase, '25').expect(409)).body.message).toBe(OFFER_MESSAGES.favouritesReserved);
    await http.delete(`/api/products/${vase}/reserve`).set('Cookie', seller.cookie).expect(204);

    const back = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await http.put('/api/me/away').set('Cookie', seller.cookie).send({ until: back }).expect(200);
    try {
      const away = await toFavourites(seller, vase, '25').expect(409);
      expect(away.body.message).toMatch(/^You are away until /);
    } finally {
      await http.delete('/api/me/away').set('Cookie', seller.cookie).expect(204);
    }
    await eventually(async () => expect((await productAs(seller, vase)).seller.awayUntil).toBeUndefined());
    expect((await toFavourites(seller, vase, '25').expect(201)).body).toEqual({ sent: 1 });

    const cup = await listing('Tin cup');
    expect((await toFavourites(seller, cup, '25').expect(201)).body).toEqual({ sent: 0 });
  });
});

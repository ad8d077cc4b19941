import { awayOfferMessage, OFFER_MESSAGES, RESERVATION_MESSAGES } from '@souvenir/contracts';
import { eventually, mailsTo } from '@souvenir/testing';
import { join, payIntent, type Account, shipping } from './gateway-harness';
import { gatewayWorld } from './gateway-world';
import { offerSteps } from './offer-steps';
import { expectOneSaleNobodyCharged, payAllAtOnce } from './race-steps';

/**
 * Offers over HTTP, with the real services: the negotiation to a sale at the offer's amount, the other offers ended
 * by it (and their buyers told, in the bell and by mail), the rules on amounts and people, the race of two answers,
 * expiry by the pg-boss job (a TTL of 30 s here: long enough for the negotiation on a loaded machine), the race of 20
 * buyers on an accepted offer and the write limit.
 */
const OFFER_TTL_SECONDS = 30;
const { http, maildev, infra } = gatewayWorld({
  services: ['identity', 'catalog', 'payments', 'notifications'],
  mail: true,
  env: { payments: { OFFER_TTL_HOURS: String(OFFER_TTL_SECONDS / 3600) } },
  // The race joins 20 buyers: past the default number of sign-ups per IP.
  gateway: { WRITE_LIMIT_OFFERS: '30/600', REGISTER_MAX_PER_IP: '100' },
});
const steps = offerSteps(http);
const { offer, act, offersOf } = steps;

let seller: Account;
let ana: Account;
let ben: Account;

const unknownId = '00000000-0000-4000-8000-000000000000';

const listing = (title: string, price = 30) => steps.listing(seller, title, price);

const statusOf = async (who: Account, role: 'buyer' | 'seller', offerId: string) =>
  (await offersOf(who, role)).find((o) => o.id === offerId)?.status;

beforeAll(async () => {
  seller = await join(http, 'offerseller', 'Rosa');
  ana = await join(http, 'offerana', 'Ana');
  ben = await join(http, 'offerben', 'Ben');
}, 90_000);

describe('offers over HTTP', () => {
  it('needs a session; an unknown offer or one that is not an id is 404', async () => {
    await http.post('/api/offers').send({ productId: unknownId, amount: 10 }).expect(401);
    await http.get('/api/offers?role=buyer').expect(401);
    for (const action of ['accept', 'decline', 'counter', 'withdraw'])
      await http.post(`/api/offers/${unknownId}/${action}`).send({ amount: 10 }).expect(401);
    await act(ana, unknownId, 'accept').expect(404);
    await act(ana, 'nope', 'withdraw').expect(404);
    await http.get('/api/offers?role=everyone').set('Cookie', ana.cookie).expect(400);
    await http.get('/api/offers?role=buyer&cursor=nonsense').set('Cookie', ana.cookie).expect(400);
    await offer(ana, unknownId, 20).expect(404);
  });

  it('negotiates: offer, counter, accept, pay at the agreed amount; the sale ends the other offers', async () => {
    const rug = await listing('Andean rug');
    const fromAna = await offer(ana, rug, '20').expect(201);
    expect(fromAna.body).toMatchObject({
      status: 'pending',
      amount: '20.00',
      offeredAmount: '20.00',
      product: { id: rug, title: 'Andean rug', price: '30.00' },
      buyer: { id: ana.id, firstName: 'Ana' },
      seller: { id: seller.id, firstName: 'Rosa' },
      role: 'buyer',
      actions: ['withdraw'],
    });
    const expiresIn = new Date(fromAna.body.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(0);
    expect(expiresIn).toBeLessThanOrEqual(OFFER_TTL_SECONDS * 1000);
    const fromBen = await offer(ben, rug, 18).expect(201);

    const received = await offersOf(seller, 'seller');
    expect(received.map((o) => o.id).slice(0, 2)).toEqual([fromBen.body.id, fromAna.body.id]);
    expect(received[1]!.actions).toEqual(['accept', 'decline', 'counter']);
    // Only the seller answers an offer; a stranger does not see it.
    expect((await act(ana, fromAna.body.id, 'accept').expect(403)).body.message).toBe(OFFER_MESSAGES.sellerOnly);
    await act(ben, fromAna.body.id, 'decline').expect(404);

    const countered = await act(seller, fromAna.body.id, 'counter', { amount: 26 }).expect(200);
    expect(countered.body).toMatchObject({
      status: 'countered',
      amount: '26.00',
      offeredAmount: '20.00',
      actions: ['counter'],
    });
    // A new counter replaces the one on the table.
    await act(seller, fromAna.body.id, 'counter', { amount: '25.00' }).expect(200);
    expect((await act(seller, fromAna.body.id, 'accept').expect(403)).body.message).toBe(OFFER_MESSAGES.buyerOnly);
    expect((await act(ana, fromAna.body.id, 'counter', { amount: 21 }).expect(403)).body.message).toBe(
      OFFER_MESSAGES.sellerOnly,
    );
    const accepted = await act(ana, fromAna.body.id, 'accept').expect(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', amount: '25.00', actions: ['pay'] });
    const payWindow = new Date(accepted.body.expiresAt).getTime() - Date.now();
    expect(payWindow).toBeGreaterThan(23 * 3_600_000);
    await act(ana, fromAna.body.id, 'accept').expect(409);
    await act(ana, fromAna.body.id, 'withdraw').expect(409);

    // The seller hears of the offer and of the acceptance in the bell.
    await eventually(async () => {
      const bell = await http.get('/api/notifications').set('Cookie', seller.cookie).expect(200);
      const texts = bell.body.items.map((n: { text: string }) => n.text);
      expect(texts).toContain('Ana offered $20.00 for Andean rug');
      expect(texts).toContain('Ana accepted your counter-offer of $25.00 for Andean rug');
    });

    // The server sets the amount: the list price, or someone else's offer, is refused.
    const pay = (who: Account, amount: unknown, offerId = fromAna.body.id) =>
      http
        .post('/api/create-payment-intent')
        .set('Cookie', who.cookie)
        .send({ productId: rug, amount, offerId, guestInfo: shipping });
    expect((await pay(ana, 30).expect(409)).body.message).toBe(OFFER_MESSAGES.payAmountDiffers);
    await pay(ben, 25).expect(404);
    await http
      .post('/api/create-payment-intent')
      .send({ productId: rug, amount: 25, offerId: fromAna.body.id, guestInfo: { ...shipping } })
      .expect(401);
    const intent = await pay(ana, '25.00').expect(200);
    expect(intent.body.amount).toBe('25.00');
    const paid = await payIntent(http, intent.body, ana);
    // The success page shows what the card was charged: the offer's amount, not the list price.
    expect(paid).toMatchObject({ amount: '25.00' });
    const order = await http.get(`/api/orders/${paid.orderId}`).set('Cookie', ana.cookie).expect(200);
    expect(order.body.amount).toBe('25.00');

    expect(await statusOf(ana, 'buyer', fromAna.body.id)).toBe('purchased');
    expect(await statusOf(ben, 'buyer', fromBen.body.id)).toBe('ended');
    await eventually(async () => {
      const bell = await http.get('/api/notifications').set('Cookie', ben.cookie).expect(200);
      expect(bell.body.items.map((n: { text: string; link: string }) => [n.text, n.link])).toContainEqual([
        'Andean rug is no longer for sale: your offer of $18.00 has ended',
        '/offers?tab=buyer',
      ]);
    });
    await eventually(async () => {
      const mails = await mailsTo(maildev.webUrl, 'offerben@example.com');
      expect(mails.map((m) => m.subject)).toContain('Andean rug is no longer for sale: your offer of $18.00 has ended');
    }, 20_000);
    // A sold item takes no more offers.
    await eventually(async () =>
      expect((await offer(ben, rug, 20).expect(409)).body.message).toBe(OFFER_MESSAGES.notAvailable),
    );
  });

  it('refuses amounts under half or over the price, a 4th offer, and offers on own or removed items', async () => {
    const bowl = await listing('Clay bowl', 29.99);
    const under = await offer(ana, bowl, 14.99).expect(400);
    expect(under.body.message).toBe(OFFER_MESSAGES.tooLow('15.00'));
    expect(under.body.errors).toEqual([{ field: 'amount', message: OFFER_MESSAGES.tooLow('15.00') }]);
    expect((await offer(ana, bowl, 30).expect(400)).body.message).toBe(OFFER_MESSAGES.tooHigh('29.99'));
    await offer(ana, bowl, -5).expect(400);
    await offer(ana, bowl, 'twenty').expect(400);
    await offer(ana, bowl, 15.001).expect(400);
    await offer(ana, bowl, '').expect(400);
    await http.post('/api/offers').set('Cookie', ana.cookie).send({ productId: bowl }).expect(400);
    expect((await offer(seller, bowl, 20).expect(403)).body.message).toBe(OFFER_MESSAGES.ownItem);

    // Each new offer replaces the buyer's open one; the fourth on one item is refused.
    const first = await offer(ana, bowl, 15).expect(201);
    await offer(ana, bowl, 16).expect(201);
    const third = await offer(ana, bowl, 17).expect(201);
    expect(await statusOf(ana, 'buyer', first.body.id)).toBe('withdrawn');
    expect((await offer(ana, bowl, 18).expect(409)).body.message).toBe(OFFER_MESSAGES.tooMany);
    // A counter is held to the same bounds.
    expect((await act(seller, third.body.id, 'counter', { amount: 40 }).expect(400)).body.message).toBe(
      OFFER_MESSAGES.counterTooHigh('29.99'),
    );
    await act(seller, third.body.id, 'counter', {}).expect(400);

    await http.delete(`/api/products/${bowl}`).set('Cookie', seller.cookie).expect(204);
    expect((await offer(ben, bowl, 20).expect(409)).body.message).toBe(OFFER_MESSAGES.notAvailable);
    await eventually(async () => expect(await statusOf(ana, 'buyer', third.body.id)).toBe('ended'));
  });

  it('refuses an offer between people a block stands between, both ways', async () => {
    const cup = await listing('Tin cup');
    const blocked = await join(http, 'offerblocked', 'Cleo');
    await http.post(`/api/users/${blocked.id}/block`).set('Cookie', seller.cookie).expect(204);
    await eventually(async () =>
      expect((await offer(blocked, cup, 20).expect(403)).body.message).toBe(OFFER_MESSAGES.cannotOffer),
    );
    const blocker = await join(http, 'offerblocker', 'Dora');
    await http.post(`/api/users/${seller.id}/block`).set('Cookie', blocker.cookie).expect(204);
    await eventually(async () =>
      expect((await offer(blocker, cup, 20).expect(403)).body.message).toBe(OFFER_MESSAGES.youBlocked),
    );
  });

  it("refuses offers on an item reserved for someone else, and on an away seller's items", async () => {
    const lamp = await listing('Brass lamp');
    const reserved = await http
      .post(`/api/products/${lamp}/reserve`)
      .set('Cookie', seller.cookie)
      .send({ buyerId: ana.id })
      .expect(200);
    const until = reserved.body.reservedUntil as string;
    expect((await offer(ben, lamp, 20).expect(409)).body.message).toBe(RESERVATION_MESSAGES.offerReserved(until));
    // The buyer it is reserved for may still haggle.
    await offer(ana, lamp, 20).expect(201);
    await http.delete(`/api/products/${lamp}/reserve`).set('Cookie', seller.cookie).expect(204);

    const back = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await http.put('/api/me/away').set('Cookie', seller.cookie).send({ until: back }).expect(200);
    try {
      expect((await offer(ben, lamp, 20).expect(409)).body.message).toBe(awayOfferMessage(back));
    } finally {
      await http.delete('/api/me/away').set('Cookie', seller.cookie).expect(204);
    }
  });

  it('takes exactly one of an acceptance and a withdrawal sent at once', async () => {
    for (const round of [1, 2, 3]) {
      const buyer = await join(http, `offerracer${round}`, 'Eli');
      const item = await listing(`Race item ${round}`);
      const made = await offer(buyer, item, 20).expect(201);
      const [accept, withdraw] = await Promise.all([
        act(seller, made.body.id, 'accept'),
        act(buyer, made.body.id, 'withdraw'),
      ]);
      expect([accept.status, withdraw.status].sort()).toEqual([200, 409]);
      const winner = accept.status === 200 ? 'accepted' : 'withdrawn';
      expect(await statusOf(buyer, 'buyer', made.body.id)).toBe(winner);
    }
  });

  it('sells an item with an accepted offer once when 20 buyers pay at once, and charges nobody else', async () => {
    const item = await listing('Race rug', 40);
    // Joined one at a time: identity sheds sign-ups beyond the password hashes it can run at once (503).
    const buyers: Account[] = [];
    for (let i = 0; i < 20; i++) buyers.push(await join(http, `offerrace${i}`, 'Gus'));
    const [withOffer, ...others] = buyers as [Account, ...Account[]];
    const made = await offer(withOffer, item, 30).expect(201);
    await act(seller, made.body.id, 'accept').expect(200);

    // Each starts a checkout: the offer's buyer at the offer's amount, the 19 others at the price.
    const intents = await Promise.all(
      buyers.map(async (buyer) => {
        const body =
          buyer === withOffer
            ? { productId: item, amount: '30.00', offerId: made.body.id, guestInfo: shipping }
            : { productId: item, amount: '40.00', guestInfo: shipping };
        const res = await http.post('/api/create-payment-intent').set('Cookie', buyer.cookie).send(body).expect(200);
        return res.body as { clientSecret: string; paymentIntentId: string };
      }),
    );
    expect(others).toHaveLength(19);

    // All 20 cards confirmed and reconciled at once, as 20 success pages do.
    const outcomes = await payAllAtOnce(http, intents, buyers);
    expect(outcomes.filter((o) => o.status === 'paid')).toHaveLength(1);
    // One sale of the item; every other authorisation is cancelled by the provider, none captured or refunded.
    await expectOneSaleNobodyCharged(infra, item, 20);
    // The offer is paid for if its buyer won; if someone else did, it ended with the sale.
    const winner = outcomes.findIndex((o) => o.status === 'paid');
    expect(await statusOf(withOffer, 'buyer', made.body.id)).toBe(winner === 0 ? 'purchased' : 'ended');
  }, 120_000);

  it('expires an unanswered offer by its job, and refuses answers to it', async () => {
    const vase = await listing('Glass vase');
    const made = await offer(ana, vase, 22).expect(201);
    await eventually(async () => expect(await statusOf(seller, 'seller', made.body.id)).toBe('expired'), 70_000, 500);
    expect((await act(seller, made.body.id, 'accept').expect(409)).body.message).toBe(OFFER_MESSAGES.notNow('expired'));
    await eventually(async () => {
      const bell = await http.get('/api/notifications').set('Cookie', ana.cookie).expect(200);
      expect(bell.body.items.map((n: { text: string }) => n.text)).toContain(
        'Your offer of $22.00 for Glass vase expired',
      );
    });
  }, 100_000);

  it('limits offers per member: past the limit 429 with Retry-After', async () => {
    const eager = await join(http, 'offereager', 'Finn');
    for (let i = 0; i < 30; i++) await act(eager, unknownId, 'withdraw').expect(404);
    const refused = await act(eager, unknownId, 'withdraw').expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

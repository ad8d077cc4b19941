import {
  BUNDLE_MESSAGES,
  OFFER_MESSAGES,
  RESERVATION_MESSAGES,
  type MessageDto,
  type OfferDto,
  type OrderDetailDto,
} from '@souvenir/contracts';
import { eventually } from '@souvenir/testing';
import { goodCard, join, payIntent, type Account, shipping } from './gateway-harness';
import { gatewayWorld } from './gateway-world';
import { offerSteps } from './offer-steps';

/**
 * Offers on a bundle over HTTP, with the real services: an offer on several items of one seller bounded by the bundle's
 * price after the seller's discount, each item checked (a refusal names it), the limit per item counting bundle offers,
 * counter and accept as any offer, paying the offer's amount for exactly its items (one order, shares adding up), the
 * other offers that include a sold, removed or reserved item ended, and the race of 20 buyers paying for bundles and
 * offers sharing an item: one sale, nobody else charged.
 */
const { http, infra } = gatewayWorld({
  services: ['identity', 'catalog', 'payments', 'messaging', 'notifications'],
  // The race joins 20 buyers: past the default number of sign-ups per IP.
  gateway: { WRITE_LIMIT_OFFERS: '100/600', REGISTER_MAX_PER_IP: '100' },
});
const steps = offerSteps(http);
const { act, offersOf } = steps;

let seller: Account;
let other: Account;
let ana: Account;
let ben: Account;

const unknownId = '00000000-0000-4000-8000-000000000000';
const listing = (title: string, price = 30, who?: Account) => steps.listing(who ?? seller, title, price);
const offerOn = (who: Account, productIds: string[], amount: unknown, productId: unknown = productIds[0]) =>
  http.post('/api/offers').set('Cookie', who.cookie).send({ productId, productIds, amount });
const pay = (who: Account, body: object) =>
  http
    .post('/api/create-payment-intent')
    .set('Cookie', who.cookie)
    .send({ guestInfo: shipping, ...body });
const statusOf = async (who: Account, offerId: string) =>
  (await offersOf(who, 'buyer')).find((o) => o.id === offerId)?.status;
const bellOf = async (who: Account): Promise<string[]> =>
  (await http.get('/api/notifications').set('Cookie', who.cookie).expect(200)).body.items.map(
    (n: { text: string }) => n.text,
  );

beforeAll(async () => {
  seller = await join(http, 'boffseller', 'Rosa');
  other = await join(http, 'boffother', 'Olga');
  ana = await join(http, 'boffana', 'Ana');
  ben = await join(http, 'boffben', 'Ben');
  await http.put('/api/me/bundle-discount').set('Cookie', seller.cookie).send({ minItems: 2, percent: 10 }).expect(200);
}, 90_000);

describe('an offer on a bundle', () => {
  it('refuses bad item lists with a sentence (400), another seller’s item, one’s own items, and guests', async () => {
    const [a, b] = [await listing('Check jug', 10), await listing('Check cup', 10)];
    const theirs = await listing('Check plate', 10, other);
    await http
      .post('/api/offers')
      .send({ productId: a, productIds: [a, b], amount: 15 })
      .expect(401);
    const ids11 = [a, b, ...Array.from({ length: 9 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`)];
    for (const productIds of [[a], ids11, [a, a], [a, b, b.toUpperCase()], [], 'x', [a, null]]) {
      const res = await offerOn(ana, productIds as string[], 15, a).expect(400);
      expect(res.body.message).toMatch(/productIds must/);
    }
    expect((await offerOn(ana, [a, b], 15, b).expect(400)).body.message).toBe(OFFER_MESSAGES.leadFirst);
    for (const bad of ['ü'.repeat(36), '💥', '../../etc/passwd', 42])
      expect((await offerOn(ana, [a, bad as string], 15).expect(400)).body.message).toBe(
        'productIds must be product ids',
      );
    // NUL never gets past the gateway, whatever the field.
    expect((await offerOn(ana, [a, `${b}\u0000`], 15).expect(400)).body.message).toMatch(/^productIds\.1 must not/);
    await offerOn(ana, [a, b], 15, null).expect(400);
    await http
      .post('/api/offers')
      .set('Cookie', ana.cookie)
      .send({ productId: a, productIds: [a, b], amount: 15, extra: 1 })
      .expect(400);
    expect((await offerOn(ana, [a, theirs], 15).expect(400)).body.message).toBe(BUNDLE_MESSAGES.oneSeller);
    expect((await offerOn(seller, [a, b], 15).expect(403)).body.message).toBe(`Check jug: ${OFFER_MESSAGES.ownItem}`);
    expect((await offerOn(ana, [a, unknownId], 15).expect(409)).body.message).toBe(BUNDLE_MESSAGES.itemGone);
    // Bounds from the discounted bundle price: 20.00 less 10 % = 18.00; at least 9.00.
    expect((await offerOn(ana, [a, b], '8.99').expect(400)).body.message).toBe(OFFER_MESSAGES.tooLow('9.00'));
    expect((await offerOn(ana, [a, b], '18.01').expect(400)).body.message).toBe(OFFER_MESSAGES.tooHigh('18.00'));
    // A removed item is gone from the bundle, as at the checkout.
    const gone = await listing('Check bowl', 10);
    await http.delete(`/api/products/${gone}`).set('Cookie', seller.cookie).expect(204);
    expect((await offerOn(ana, [a, gone], 10).expect(409)).body.message).toBe(BUNDLE_MESSAGES.itemGone);
  });

  it('negotiates to a sale at the offer’s amount: one order of the items, shares adding up, other offers ended', async () => {
    const ids = [
      await listing('Bundle poncho', 12.5),
      await listing('Bundle scarf', 7.25),
      await listing('Bundle hat', 20),
    ];
    const spare = await listing('Bundle belt', 5);
    // Ben's offers that include an item of Ana's bundle: one on the scarf alone, one on a bundle with the hat.
    const benSingle = await steps.offer(ben, ids[1]!, 5).expect(201);
    const benBundle = await offerOn(ben, [spare, ids[2]!], 15).expect(201);
    expect(benBundle.body.price).toBe('22.50');

    // 39.75 less 10 % = 35.77: the bundle's price bounds the offer and the counters.
    const made = await offerOn(ana, ids, '20').expect(201);
    expect(made.body as OfferDto).toMatchObject({
      status: 'pending',
      amount: '20.00',
      price: '35.77',
      product: { id: ids[0], title: 'Bundle poncho', price: '12.50' },
      items: [
        { id: ids[0], title: 'Bundle poncho', price: '12.50' },
        { id: ids[1], title: 'Bundle scarf', price: '7.25' },
        { id: ids[2], title: 'Bundle hat', price: '20.00' },
      ],
      actions: ['withdraw'],
    });
    const received = (await offersOf(seller, 'seller')).find((o) => o.id === made.body.id)!;
    expect(received.items.map((i) => i.id)).toEqual(ids);
    expect((await act(seller, made.body.id, 'counter', { amount: '35.78' }).expect(400)).body.message).toBe(
      OFFER_MESSAGES.counterTooHigh('35.77'),
    );
    expect((await act(seller, made.body.id, 'counter', { amount: '17.88' }).expect(400)).body.message).toBe(
      OFFER_MESSAGES.counterTooLow('17.89'),
    );
    const countered = await act(seller, made.body.id, 'counter', { amount: '30.01' }).expect(200);
    expect(countered.body).toMatchObject({ status: 'countered', amount: '30.01', price: '35.77' });
    expect(countered.body.items).toHaveLength(3);
    await act(ana, made.body.id, 'accept').expect(200);

    // The bell and the lead item's conversation name the bundle.
    await eventually(async () => {
      expect(await bellOf(seller)).toContain('Ana offered $20.00 for Bundle poncho and 2 more items');
      expect(await bellOf(seller)).toContain(
        'Ana accepted your counter-offer of $30.01 for Bundle poncho and 2 more items',
      );
    });
    await eventually(async () => {
      const thread = (
        await http.get(`/api/messages/${ana.id}?productId=${ids[0]}`).set('Cookie', seller.cookie).expect(200)
      ).body as MessageDto[];
      expect(thread.map((m) => m.content)).toContain('Made an offer of $20.00 for Bundle poncho and 2 more items.');
    });

    // Paying it: exactly its items in its order, at its amount; anything else a clear 4xx.
    const body = { productIds: ids, amount: '30.01', offerId: made.body.id };
    const differ = OFFER_MESSAGES.payItemsDiffer;
    expect((await pay(ana, { ...body, productIds: [ids[1], ids[0], ids[2]] }).expect(400)).body.message).toBe(differ);
    expect((await pay(ana, { ...body, productIds: ids.slice(0, 2) }).expect(400)).body.message).toBe(differ);
    expect((await pay(ana, { ...body, productIds: [...ids, spare] }).expect(400)).body.message).toBe(differ);
    expect(
      (await pay(ana, { productId: ids[0], amount: '30.01', offerId: made.body.id }).expect(400)).body.message,
    ).toBe(differ);
    expect((await pay(ana, { ...body, amount: '35.77' }).expect(409)).body.message).toBe(
      OFFER_MESSAGES.payAmountDiffers,
    );
    await pay(ben, body).expect(404);
    await http
      .post('/api/create-payment-intent')
      .send({ ...body, guestInfo: shipping })
      .expect(401);
    // An offer on one item is not paid as a bundle.
    expect(
      (await pay(ben, { productIds: [ids[1], ids[0]], amount: '5.00', offerId: benSingle.body.id }).expect(400)).body
        .message,
    ).toBe(differ);

    const intent = await pay(ana, body).expect(200);
    expect(intent.body.amount).toBe('30.01');
    const paid = await payIntent(http, intent.body, ana);
    const order = (await http.get(`/api/orders/${paid.orderId}`).set('Cookie', ana.cookie).expect(200))
      .body as OrderDetailDto;
    expect(order).toMatchObject({ status: 'paid', amount: '30.01', product: { id: ids[0] } });
    expect(order.items.map((i) => i.id)).toEqual(ids);
    const shares = await infra.database.query<{ product_id: string; share_cents: string }>(
      `SELECT product_id, share_cents FROM payments.order_items WHERE order_id = $1 ORDER BY position`,
      [paid.orderId],
    );
    expect(shares.map((s) => s.product_id)).toEqual(ids);
    expect(shares.reduce((sum, s) => sum + Number(s.share_cents), 0)).toBe(3001);
    // Pro rata to 12.50, 7.25, 20.00 of 39.75: 943, 547, rounding on the last.
    expect(shares.map((s) => Number(s.share_cents))).toEqual([943, 547, 1511]);

    expect(await statusOf(ana, made.body.id)).toBe('purchased');
    expect(await statusOf(ben, benSingle.body.id)).toBe('ended');
    expect(await statusOf(ben, benBundle.body.id)).toBe('ended');
    await eventually(async () =>
      expect(await bellOf(ben)).toContain(
        'Your offer of $15.00 for Bundle belt and 1 more item has ended: an item is no longer for sale',
      ),
    );
    // A sold item takes no more offers, alone or in a bundle.
    await eventually(async () => {
      for (const id of ids) expect((await http.get(`/api/products/${id}`).expect(200)).body.status).toBe('sold');
    }, 20_000);
    expect((await offerOn(ben, [spare, ids[2]!], 15).expect(409)).body.message).toBe(
      `Bundle hat: ${OFFER_MESSAGES.notAvailable}`,
    );
  }, 120_000);

  it('counts a bundle offer towards the 3 offers per buyer and item, naming the item that is full', async () => {
    const [x, y, z] = [await listing('Limit mug', 10), await listing('Limit tray', 10), await listing('Limit jar', 10)];
    const first = await steps.offer(ana, x, 6).expect(201);
    await steps.offer(ana, x, 7).expect(201);
    const third = await offerOn(ana, [y, x], 12).expect(201);
    expect(await statusOf(ana, first.body.id)).toBe('withdrawn');
    expect((await offerOn(ana, [z, x], 12).expect(409)).body.message).toBe(`Limit mug: ${OFFER_MESSAGES.tooMany}`);
    expect((await steps.offer(ana, x, 8).expect(409)).body.message).toBe(OFFER_MESSAGES.tooMany);
    // Each item of the bundle still takes offers of its own up to the limit.
    await steps.offer(ana, y, 6).expect(201);
    expect(await statusOf(ana, third.body.id)).toBe('withdrawn');
  });

  it('ends with a removal or a reservation for someone else; the buyer it is reserved for keeps theirs', async () => {
    const [p, q, r] = [await listing('Gone lamp', 10), await listing('Gone rug', 10), await listing('Gone vase', 10)];
    const fromBen = await offerOn(ben, [p, q], 12).expect(201);
    const fromAna = await offerOn(ana, [q, r], 12).expect(201);
    const reserved = await http
      .post(`/api/products/${q}/reserve`)
      .set('Cookie', seller.cookie)
      .send({ buyerId: ana.id })
      .expect(200);
    await eventually(async () => expect(await statusOf(ben, fromBen.body.id)).toBe('ended'));
    expect(await statusOf(ana, fromAna.body.id)).toBe('pending');
    expect((await offerOn(ben, [p, q], 12).expect(409)).body.message).toBe(
      `Gone rug: ${RESERVATION_MESSAGES.offerReserved(reserved.body.reservedUntil)}`,
    );
    await http.delete(`/api/products/${r}`).set('Cookie', seller.cookie).expect(204);
    await eventually(async () => expect(await statusOf(ana, fromAna.body.id)).toBe('ended'));
  });

  it('sells a shared item once when 20 buyers pay for bundles, offers and single checkouts at once', async () => {
    const shared = await listing('Race shared', 10);
    const extras = [await listing('Race extra 1', 10), await listing('Race extra 2', 10)];
    const buyers: Account[] = [];
    // Joined one at a time: identity sheds sign-ups beyond the password hashes it can run at once (503).
    for (let i = 0; i < 20; i++) buyers.push(await join(http, `boffrace${i}`, 'Gus'));
    // Two accepted offers including the shared item: one on a bundle, one on the item alone.
    const bundleOffer = await offerOn(buyers[0]!, [extras[0]!, shared], 15).expect(201);
    await act(seller, bundleOffer.body.id, 'accept').expect(200);
    const singleOffer = await steps.offer(buyers[1]!, shared, 8).expect(201);
    await act(seller, singleOffer.body.id, 'accept').expect(200);
    const bodies = buyers.map((_, i) =>
      i === 0
        ? { productIds: [extras[0]!, shared], amount: '15.00', offerId: bundleOffer.body.id }
        : i === 1
          ? { productId: shared, amount: '8.00', offerId: singleOffer.body.id }
          : i % 2 === 0
            ? { productIds: [extras[(i / 2) % 2]!, shared], amount: '18.00' }
            : { productId: shared, amount: '10.00' },
    );
    const intents = await Promise.all(buyers.map(async (who, i) => (await pay(who, bodies[i]!).expect(200)).body));
    const outcomes = await Promise.all(
      intents.map(async (intent, i) => {
        const confirmed = await http
          .post('/api/payments/test-confirm')
          .send({ clientSecret: intent.clientSecret, card: goodCard });
        expect(confirmed.status).toBeLessThan(500);
        const res = await http
          .post('/api/payments/reconcile')
          .set('Cookie', buyers[i]!.cookie)
          .send({ paymentIntentId: intent.paymentIntentId });
        expect(res.status).toBeLessThan(500);
        return res.body as { status: string };
      }),
    );
    expect(outcomes.filter((o) => o.status === 'paid')).toHaveLength(1);
    const sales = await infra.database.query(
      `SELECT order_id FROM payments.order_items WHERE product_id = $1 AND sold`,
      [shared],
    );
    expect(sales).toHaveLength(1);
    await eventually(async () => {
      const rows = await infra.database.query<{ status: string; capture_calls: number; refund_calls: number }>(
        `SELECT t.status, t.capture_calls, t.refund_calls FROM payments.test_intents t
           JOIN payments.orders o ON o.provider_payment_id = t.id
          WHERE o.id IN (SELECT order_id FROM payments.order_items WHERE product_id = $1)`,
        [shared],
      );
      expect(rows).toHaveLength(20);
      const notCharged = rows.filter((r) => r.status === 'canceled');
      expect(notCharged).toHaveLength(19);
      expect(notCharged.every((r) => r.capture_calls === 0 && r.refund_calls === 0)).toBe(true);
    }, 30_000);
    // Each accepted offer is paid for if its buyer won, else ended by the sale.
    const winner = outcomes.findIndex((o) => o.status === 'paid');
    expect(await statusOf(buyers[0]!, bundleOffer.body.id)).toBe(winner === 0 ? 'purchased' : 'ended');
    expect(await statusOf(buyers[1]!, singleOffer.body.id)).toBe(winner === 1 ? 'purchased' : 'ended');
  }, 180_000);
});

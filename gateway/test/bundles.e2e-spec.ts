import { BUNDLE_MESSAGES, PAYMENT_MESSAGES, type OrderDetailDto, type OrderSummaryDto } from '@souvenir/contracts';
import { eventually } from '@souvenir/testing';
import { auditLedger } from '../../services/payments/src/ledger/ledger-audit';
import { aListing, join, payIntent, type Account } from './gateway-harness';
import { gatewayWorld } from './gateway-world';
import { expectOneSaleNobodyCharged, payAllAtOnce } from './race-steps';

/**
 * Bundles over HTTP, with the real services: the seller's bundle discount (set, shown on their products), a bundle
 * bought in one payment as one order of several items (all sold, out of browse), the server's amount, the rules
 * (one seller, items on sale), the race of 20 buyers for bundles sharing an item with a single checkout, a claim
 * on one item refunded in part through the ledger, once, and that item relisted and sold again.
 */
const { http, infra } = gatewayWorld({
  services: ['identity', 'catalog', 'payments'],
  // The race joins 20 buyers: past the default number of sign-ups per IP; the seller lists and relists past 20.
  gateway: { REGISTER_MAX_PER_IP: '100', WRITE_LIMIT_LISTINGS: '200/3600' },
});

let seller: Account;
let other: Account;
let buyer: Account;
let support: Account;

const shipping = { billingStreet: '1 Main St', billingCity: 'Springfield', billingZip: '10001', sameAsDelivery: true };

async function listing(who: Account, title: string, price: number): Promise<string> {
  const product = await http
    .post('/api/products')
    .set('Cookie', who.cookie)
    .send(aListing(title, { price }))
    .expect(201);
  return product.body.id;
}

const checkout = (who: Account | null, body: object) => {
  const req = http.post('/api/create-payment-intent');
  if (who) req.set('Cookie', who.cookie);
  return req.send({ guestInfo: shipping, ...body });
};

const held = async (orderId: string) => {
  const rows = await infra.database.query<{ account: string; cents: string }>(
    `SELECT l.account, sum(l.amount_cents)::text AS cents FROM payments.ledger_lines l
       JOIN payments.ledger_entries e ON e.id = l.entry_id WHERE e.order_id = $1 GROUP BY l.account`,
    [orderId],
  );
  return Object.fromEntries(rows.map((r) => [r.account, Number(r.cents)]));
};

beforeAll(async () => {
  seller = await join(http, 'bundleseller', 'Rosa');
  other = await join(http, 'bundleother', 'Olga');
  buyer = await join(http, 'bundlebuyer', 'Ana');
  support = await join(http, 'bundlesupport', 'Sam');
  await infra.database.query(`UPDATE identity.users SET role = 'support' WHERE id = $1`, [support.id]);
}, 90_000);

describe('the bundle discount', () => {
  it('is the signed-in seller’s own: none until set, 400 with a sentence for bad values, 401 for guests', async () => {
    await http.get('/api/me/bundle-discount').expect(401);
    await http.put('/api/me/bundle-discount').send({ minItems: 2, percent: 10 }).expect(401);
    expect((await http.get('/api/me/bundle-discount').set('Cookie', seller.cookie).expect(200)).body).toEqual({
      minItems: 2,
      percent: 0,
    });
    for (const [body, message] of [
      [{ minItems: 1, percent: 10 }, BUNDLE_MESSAGES.minItems],
      [{ minItems: 11, percent: 10 }, BUNDLE_MESSAGES.minItems],
      [{ minItems: 2, percent: 51 }, BUNDLE_MESSAGES.percent],
      [{ minItems: 2, percent: 12.5 }, BUNDLE_MESSAGES.percent],
      [{ minItems: 2, percent: '10' }, BUNDLE_MESSAGES.percent],
    ] as const) {
      const res = await http.put('/api/me/bundle-discount').set('Cookie', seller.cookie).send(body).expect(400);
      expect(res.body.message).toBe(message);
    }
    await http.put('/api/me/bundle-discount').set('Cookie', seller.cookie).send({}).expect(400);
  });

  it('is shown to buyers on the seller’s products once set above 0 %, and gone at 0 %', async () => {
    const mug = await listing(other, 'Plain mug', 10);
    await http
      .put('/api/me/bundle-discount')
      .set('Cookie', other.cookie)
      .send({ minItems: 3, percent: 15 })
      .expect(200);
    await eventually(async () => {
      const page = await http.get(`/api/products/${mug}`).expect(200);
      expect(page.body.seller.bundleDiscount).toEqual({ minItems: 3, percent: 15 });
    });
    const cleared = await http
      .put('/api/me/bundle-discount')
      .set('Cookie', other.cookie)
      .send({ minItems: 2, percent: 0 })
      .expect(200);
    expect(cleared.body).toEqual({ minItems: 2, percent: 0 });
    await eventually(async () => {
      const page = await http.get(`/api/products/${mug}`).expect(200);
      expect(page.body.seller).not.toHaveProperty('bundleDiscount');
    });
  });
});

describe('a bundle checkout', () => {
  it('is one payment and one order of several items at the discounted amount; every item is sold', async () => {
    await http
      .put('/api/me/bundle-discount')
      .set('Cookie', seller.cookie)
      .send({ minItems: 2, percent: 10 })
      .expect(200);
    const ids = [
      await listing(seller, 'Bundle poncho', 12.5),
      await listing(seller, 'Bundle scarf', 7.25),
      await listing(seller, 'Bundle hat', 20),
    ];
    await eventually(async () =>
      expect((await http.get(`/api/products/${ids[0]}`).expect(200)).body.seller.bundleDiscount).toEqual({
        minItems: 2,
        percent: 10,
      }),
    );
    // 39.75 less 10 % (3.975, rounded to 3.98) = 35.77: the server's figure; the undiscounted sum is refused.
    const changed = await checkout(buyer, { productIds: ids, amount: '39.75' }).expect(409);
    expect(changed.body.message).toBe(PAYMENT_MESSAGES.priceChanged);
    const intent = await checkout(buyer, { productIds: ids, amount: '35.77' }).expect(200);
    expect(intent.body.amount).toBe('35.77');
    // A retry by the same buyer resumes the same checkout (one intent).
    const again = await checkout(buyer, { productIds: ids, amount: 35.77 }).expect(200);
    expect(again.body.paymentIntentId).toBe(intent.body.paymentIntentId);
    // A single checkout of the first item is not that bundle's order.
    const single = await checkout(buyer, { productId: ids[0], amount: '12.50' }).expect(200);
    expect(single.body.paymentIntentId).not.toBe(intent.body.paymentIntentId);

    const paid = await payIntent(http, intent.body, buyer);
    const order = (await http.get(`/api/orders/${paid.orderId}`).set('Cookie', buyer.cookie).expect(200))
      .body as OrderDetailDto;
    expect(order).toMatchObject({
      status: 'paid',
      amount: '35.77',
      discount: '3.98',
      product: { id: ids[0], title: 'Bundle poncho' },
      items: [
        { id: ids[0], title: 'Bundle poncho', price: '12.50', refunded: false },
        { id: ids[1], title: 'Bundle scarf', price: '7.25', refunded: false },
        { id: ids[2], title: 'Bundle hat', price: '20.00', refunded: false },
      ],
    });
    expect(order).not.toHaveProperty('refundedAmount');
    expect(order.deadlines.map((d) => d.name)).toEqual(['shipBy']);

    const orders = await infra.database.query(
      `SELECT DISTINCT o.id FROM payments.orders o JOIN payments.order_items i ON i.order_id = o.id
        WHERE i.product_id = ANY($1::uuid[]) AND o.paid_at IS NOT NULL`,
      [ids],
    );
    expect(orders).toEqual([{ id: paid.orderId }]);
    await eventually(async () => {
      for (const id of ids) expect((await http.get(`/api/products/${id}`).expect(200)).body.status).toBe('sold');
      const browse = (await http.get('/api/products?limit=100').expect(200)).body as { id: string }[];
      expect(browse.map((p) => p.id).filter((id) => ids.includes(id))).toEqual([]);
    }, 20_000);
    // The open single checkout of a sold item was closed; a new one is refused with a sentence.
    expect((await checkout(buyer, { productId: ids[1], amount: '7.25' }).expect(409)).body.message).toBe(
      PAYMENT_MESSAGES.noLongerAvailable,
    );

    // The lists show the items: the seller's sales and the buyer's purchases, one row for the order.
    const sales = (await http.get('/api/orders?role=sales').set('Cookie', seller.cookie).expect(200)).body
      .items as OrderSummaryDto[];
    const row = sales.find((s) => s.id === paid.orderId)!;
    expect(row.items.map((i) => i.id)).toEqual(ids);
    expect(sales.filter((s) => s.id === paid.orderId)).toHaveLength(1);
    const purchases = (await http.get('/api/orders?role=purchases').set('Cookie', buyer.cookie).expect(200)).body
      .items as OrderSummaryDto[];
    expect(purchases.find((p) => p.id === paid.orderId)).toMatchObject({ discount: '3.98' });
  }, 90_000);

  it('refuses items of several sellers (400), an unknown item, an item of its own seller’s buyer, and guests pay', async () => {
    const a = await listing(seller, 'Mixed A', 10);
    const b = await listing(other, 'Mixed B', 10);
    const mixed = await checkout(buyer, { productIds: [a, b], amount: '20.00' }).expect(400);
    expect(mixed.body.message).toBe(BUNDLE_MESSAGES.oneSeller);
    const c = await listing(seller, 'Mixed C', 5);
    const own = await checkout(seller, { productIds: [a, c], amount: '13.50' }).expect(403);
    expect(own.body.message).toContain(PAYMENT_MESSAGES.ownProduct);
    await checkout(buyer, { productIds: [a], amount: '10.00' }).expect(400);
    await checkout(buyer, { productIds: [a, a], amount: '20.00' }).expect(400);
    await checkout(buyer, { productId: a, productIds: [a, c], amount: '20.00' }).expect(400);
    await checkout(buyer, { productIds: [a, '00000000-0000-4000-8000-000000000000'], amount: '20.00' }).expect(409);
    // Guests may buy bundles as they buy single items.
    const guestInfo = { ...shipping, email: 'bundle.guest@example.com', firstName: 'Gia', lastName: 'Guest' };
    const guest = await http
      .post('/api/create-payment-intent')
      .send({ productIds: [a, c], amount: '13.50', guestInfo })
      .expect(200);
    expect(guest.body.checkoutToken).toEqual(expect.any(String));
  });

  it('sells a shared item once when 20 buyers pay for bundles and single checkouts at once, charging nobody else', async () => {
    const shared = await listing(seller, 'Race shared', 10);
    const extras = [await listing(seller, 'Race extra 1', 10), await listing(seller, 'Race extra 2', 10)];
    const buyers: Account[] = [];
    // Joined one at a time: identity sheds sign-ups beyond the password hashes it can run at once (503).
    for (let i = 0; i < 20; i++) buyers.push(await join(http, `bundlerace${i}`, 'Gus'));
    // Half buy a bundle of the shared item and an extra (18.00 with 10 % off), half the shared item alone.
    const bodies = buyers.map((_, i) =>
      i % 2 === 0
        ? { productIds: [extras[(i / 2) % 2]!, shared], amount: '18.00' }
        : { productId: shared, amount: '10.00' },
    );
    const intents = await Promise.all(buyers.map(async (who, i) => (await checkout(who, bodies[i]!).expect(200)).body));
    const outcomes = await payAllAtOnce(http, intents, buyers);
    expect(outcomes.filter((o) => o.status === 'paid')).toHaveLength(1);
    await expectOneSaleNobodyCharged(infra, shared, 20);
  }, 180_000);
});

describe('a bundle cancelled before shipping', () => {
  it('puts every item back on sale and refunds the whole amount once', async () => {
    await http
      .put('/api/me/bundle-discount')
      .set('Cookie', seller.cookie)
      .send({ minItems: 2, percent: 10 })
      .expect(200);
    const ids = [await listing(seller, 'Cancel lamp', 15), await listing(seller, 'Cancel rug', 25)];
    const intent = await checkout(buyer, { productIds: ids, amount: '36.00' }).expect(200);
    const { orderId } = await payIntent(http, intent.body, buyer);
    await eventually(async () => {
      for (const id of ids) expect((await http.get(`/api/products/${id}`).expect(200)).body.status).toBe('sold');
    }, 20_000);
    const cancelled = await http
      .post(`/api/orders/${orderId}/cancel`)
      .set('Cookie', seller.cookie)
      .send({ reason: 'Out of stock' })
      .expect(200);
    expect(cancelled.body.status).toBe('cancelled');
    await eventually(async () => {
      for (const id of ids) expect((await http.get(`/api/products/${id}`).expect(200)).body.status).toBe('active');
      const [order] = await infra.database.query<{ refunded_at: Date | null; refund_cents: string | null }>(
        `SELECT refunded_at, refund_cents FROM payments.orders WHERE id = $1`,
        [orderId],
      );
      expect(order).toEqual({ refunded_at: expect.any(Date), refund_cents: null });
    }, 30_000);
    // Captured or only authorised: either way nothing is held any more.
    await eventually(async () => expect((await held(orderId)).held ?? 0).toBe(0), 30_000);
    // Back on sale, each item can be bought again.
    await checkout(buyer, { productId: ids[1], amount: '25.00' }).expect(200);
  }, 90_000);
});

describe('a claim on one item of a bundle', () => {
  it('refunds that item’s share once through the ledger; the order completes with the rest paid to the seller', async () => {
    await http
      .put('/api/me/bundle-discount')
      .set('Cookie', seller.cookie)
      .send({ minItems: 2, percent: 10 })
      .expect(200);
    const ids = [await listing(seller, 'Claim vase', 20), await listing(seller, 'Claim bowl', 10)];
    const intent = await checkout(buyer, { productIds: ids, amount: '27.00' }).expect(200);
    const { orderId } = await payIntent(http, intent.body, buyer);
    await http.post(`/api/orders/${orderId}/ship`).set('Cookie', seller.cookie).send({ carrier: 'UPS' }).expect(200);

    const notInOrder = await http
      .post(`/api/orders/${orderId}/claims`)
      .set('Cookie', buyer.cookie)
      .send({ reason: 'damaged', description: 'Broken', productIds: ['00000000-0000-4000-8000-000000000000'] })
      .expect(400);
    expect(notInOrder.body.message).toBe(BUNDLE_MESSAGES.itemNotInOrder);
    const claimed = await http
      .post(`/api/orders/${orderId}/claims`)
      .set('Cookie', buyer.cookie)
      .send({ reason: 'damaged', description: 'The bowl arrived broken', productIds: [ids[1]] })
      .expect(201);
    expect(claimed.body.claim).toMatchObject({ status: 'open', productIds: [ids[1]] });
    await http
      .post(`/api/orders/${orderId}/claim/response`)
      .set('Cookie', seller.cookie)
      .send({ accept: false, statement: 'It was packed well' })
      .expect(200);
    const decided = await http
      .post(`/api/support/claims/${claimed.body.claim.id}/decision`)
      .set('Cookie', support.cookie)
      .send({ outcome: 'refund', reason: 'The photos show the damage' })
      .expect(200);
    // The bowl's share: 10.00 of 30.00 subtotal, paid 27.00 → 9.00.
    expect(decided.body).toMatchObject({
      status: 'completed',
      refundedAmount: '9.00',
      items: [
        { id: ids[0], refunded: false },
        { id: ids[1], refunded: true },
      ],
    });
    await http
      .post(`/api/support/claims/${claimed.body.claim.id}/decision`)
      .set('Cookie', support.cookie)
      .send({ outcome: 'refund', reason: 'Again' })
      .expect(409);

    await eventually(async () => {
      const rows = await infra.database.query(
        `SELECT t.refund_calls, t.refunded_cents FROM payments.test_intents t WHERE t.id = $1`,
        [intent.body.paymentIntentId],
      );
      expect(rows).toEqual([{ refund_calls: 1, refunded_cents: '900' }]);
      // Paid 27.00: 9.00 back to the card, 18.00 released (seller and fee); nothing left held.
      expect(await held(orderId)).toMatchObject({ customer_payments: -1800, held: 0 });
    }, 30_000);
    const ledger = await held(orderId);
    expect((ledger.seller_balance ?? 0) + (ledger.platform_fees ?? 0) + (ledger.seller_paid_out ?? 0)).toBe(1800);
    const unbalanced = await infra.database.query(
      `SELECT e.id FROM payments.ledger_entries e JOIN payments.ledger_lines l ON l.entry_id = e.id
        WHERE e.order_id = $1 GROUP BY e.id HAVING sum(l.amount_cents) <> 0`,
      [orderId],
    );
    expect(unbalanced).toEqual([]);
    // And the whole ledger agrees with the orders and payouts (`npm run ledger:audit`'s rules).
    expect(await auditLedger((sql, params) => infra.database.query(sql, params))).toEqual([]);
  }, 90_000);
});

describe('relisting an item a claim refunded out of a bundle', () => {
  it('puts that item back on sale (owner only, once) and sells it again, while the kept items stay sold', async () => {
    await http
      .put('/api/me/bundle-discount')
      .set('Cookie', seller.cookie)
      .send({ minItems: 2, percent: 0 })
      .expect(200);
    // The returned item is the order's first one: the order's own row names it.
    const [back, kept] = [await listing(seller, 'Relist jug', 12), await listing(seller, 'Relist cup', 8)];
    const intent = await checkout(buyer, { productIds: [back, kept], amount: '20.00' }).expect(200);
    const { orderId } = await payIntent(http, intent.body, buyer);
    await http.post(`/api/orders/${orderId}/ship`).set('Cookie', seller.cookie).send({ carrier: 'UPS' }).expect(200);
    const claimed = await http
      .post(`/api/orders/${orderId}/claims`)
      .set('Cookie', buyer.cookie)
      .send({ reason: 'not_as_described', description: 'The jug is cracked', productIds: [back] })
      .expect(201);
    await http
      .post(`/api/support/claims/${claimed.body.claim.id}/decision`)
      .set('Cookie', support.cookie)
      .send({ outcome: 'refund', reason: 'The jug goes back first', returnFirst: true })
      .expect(200);
    // Not refunded yet: nothing to relist.
    await http.post(`/api/products/${back}/relist`).set('Cookie', seller.cookie).send({}).expect(409);
    await http
      .post(`/api/orders/${orderId}/return`)
      .set('Cookie', buyer.cookie)
      .send({ carrier: 'UPS', trackingNumber: '1Z 999 AA2' })
      .expect(200);
    const received = await http.post(`/api/orders/${orderId}/return/received`).set('Cookie', seller.cookie).expect(200);
    expect(received.body).toMatchObject({
      status: 'completed',
      refundedAmount: '12.00',
      items: [
        { id: back, refunded: true },
        { id: kept, refunded: false },
      ],
    });

    // Someone else may not; the kept item may not (its sale stands); the refunded one may, once, of many at once.
    await http.post(`/api/products/${back}/relist`).set('Cookie', other.cookie).send({}).expect(403);
    await http.post(`/api/products/${back}/relist`).set('Cookie', buyer.cookie).send({}).expect(403);
    await eventually(async () => {
      const [{ n }] = await infra.database.query<{ n: string }>(
        'SELECT count(*)::text AS n FROM catalog.refunded_items WHERE order_id = $1',
        [orderId],
      );
      expect(n).toBe('1');
    }, 20_000);
    await http.post(`/api/products/${kept}/relist`).set('Cookie', seller.cookie).send({}).expect(409);
    const attempts = await Promise.all(
      Array.from({ length: 20 }, () => http.post(`/api/products/${back}/relist`).set('Cookie', seller.cookie).send({})),
    );
    expect(attempts.map((r) => r.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    expect((await http.get(`/api/products/${back}`).expect(200)).body.status).toBe('active');
    expect((await http.get(`/api/products/${kept}`).expect(200)).body.status).toBe('sold');

    // Sold again to another buyer: neither one-sale guard holds the refunded item for the old order.
    const again = await checkout(other, { productId: back, amount: '12.00' }).expect(200);
    const resold = await payIntent(http, again.body, other);
    expect(resold.orderId).not.toBe(orderId);
    await eventually(async () => {
      expect((await http.get(`/api/products/${back}`).expect(200)).body.status).toBe('sold');
    }, 20_000);
    const sold = await infra.database.query<{ product_id: string; order_id: string }>(
      'SELECT product_id, order_id FROM payments.order_items WHERE product_id = ANY($1::uuid[]) AND sold',
      [[back, kept]],
    );
    expect(new Map(sold.map((r) => [r.product_id, r.order_id]))).toEqual(
      new Map([
        [back, resold.orderId],
        [kept, orderId],
      ]),
    );
    // Each item's page finds its order, the second item's too (a bundle holds it among its items).
    const ofKept = await http.get(`/api/orders?role=sales&productId=${kept}&limit=1`).set('Cookie', seller.cookie);
    expect(ofKept.body.items.map((o: { id: string }) => o.id)).toEqual([orderId]);
    const ofBack = await http.get(`/api/orders?role=sales&productId=${back}&limit=1`).set('Cookie', seller.cookie);
    expect(ofBack.body.items.map((o: { id: string }) => o.id)).toEqual([resold.orderId]);
    // The kept item is still the old order's, and only it.
    await checkout(other, { productId: kept, amount: '8.00' }).expect(409);
    expect(await auditLedger((sql, params) => infra.database.query(sql, params))).toEqual([]);
  }, 120_000);
});

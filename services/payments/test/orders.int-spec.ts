import { ErrorCode, EVENTS, ORDER_STATUSES, RPC, SOLD_STATUSES, type OrderChangedEvent } from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import { eventually, readStreamEvents } from '@souvenir/testing';
import fc from 'fast-check';
import { ClaimsRepository } from '../src/orders/claims.repository';
import { OrderDeadlines } from '../src/orders/order-deadlines';
import { OrdersRepository } from '../src/orders/orders.repository';
import { errorOf, OrderHarness } from './order-harness';

/** The order's life after the payment, against the real services; deadlines have their default lengths here (days). */
const h = new OrderHarness();
beforeAll(() => h.start(), 60_000);
afterAll(() => h.stop());

const claim = {
  reason: 'damaged' as const,
  description: 'It arrived broken',
  // A pasted link, and a photo uploaded to media as POST /api/uploads answers its path.
  photos: ['https://example.com/broken.jpg', `/media/${'ab'.repeat(16)}-800.webp`],
};

describe('the statuses', () => {
  it('the orders table accepts exactly the statuses the contracts declare', async () => {
    const [{ definition }] = await h.infra.database.query<{ definition: string }>(
      `SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint
        WHERE conname = 'orders_status_check' AND conrelid = 'payments.orders'::regclass`,
    );
    const allowed = [...definition.matchAll(/'([a-z_]+)'::text/g)].map(([, status]) => status);
    expect(allowed.sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('the one-sale guards hold a product in exactly the statuses the contracts call sold', async () => {
    const quoted = (sql: string) => [...sql.matchAll(/'([a-z_]+)'/g)].map(([, status]) => status).sort();
    const [{ predicate }] = await h.infra.database.query<{ predicate: string }>(
      `SELECT pg_get_expr(indpred, indrelid) AS predicate FROM pg_index
        WHERE indexrelid = 'payments.orders_one_sale_per_product_idx'::regclass`,
    );
    const [{ body }] = await h.infra.database.query<{ body: string }>(
      `SELECT prosrc AS body FROM pg_proc WHERE proname = 'order_items_follow_status'`,
    );
    // The items' trigger marks an item sold by its order's status: the same list as the order's own index.
    expect(quoted(predicate)).toEqual([...SOLD_STATUSES].sort());
    expect(quoted(body.slice(body.indexOf('NEW.status IN'), body.indexOf(';', body.indexOf('NEW.status IN'))))).toEqual(
      [...SOLD_STATUSES].sort(),
    );
  });
});

describe('a paid order', () => {
  it('has a ship-by deadline, a history entry, and shows the address to the seller only', async () => {
    const { orderId } = await h.buy();
    const seller = await h.get(orderId, h.seller);
    expect(seller).toMatchObject({
      status: 'paid',
      viewer: 'seller',
      actions: ['ship', 'cancel'],
      seller: { id: h.seller, name: 'Sally Test' },
    });
    expect(seller.deliveryAddress).toMatchObject({ street: '1 Main St' });
    expect(seller.deadlines.map((d) => d.name)).toEqual(['shipBy']);
    const shipBy = new Date(seller.deadlines[0].at).getTime() - Date.now();
    expect(shipBy).toBeGreaterThan(4.9 * 86_400_000);
    expect(shipBy).toBeLessThanOrEqual(5 * 86_400_000);
    expect(seller.history).toEqual([
      { at: expect.any(String), actor: 'system', from: 'pending', to: 'paid', reason: 'Payment received' },
    ]);
    const buyer = await h.get(orderId, h.buyer);
    expect(buyer).toMatchObject({ viewer: 'buyer', actions: ['requestCancel'] });
    expect(buyer.deliveryAddress).toBeUndefined();
  });

  it("is nobody else's business: a stranger, support (no claim), no session or an unknown id get NOT_FOUND", async () => {
    const { orderId } = await h.buy();
    for (const call of [
      h.get(orderId, h.stranger),
      h.get(orderId, h.support),
      h.get(orderId),
      h.get('0b7a3f0e-0000-4000-8000-000000000000', h.buyer),
      h.get('not-a-token'),
    ]) {
      expect((await errorOf(call))?.code).toBe(ErrorCode.NotFound);
    }
    const ship = await errorOf(
      h.rpc.send(RPC.payments.shipOrder, { orderRef: orderId, actorId: h.stranger, carrier: 'DHL' }),
    );
    expect(ship?.code).toBe(ErrorCode.NotFound);
  });
});

describe('the happy path', () => {
  it('ship → delivered → confirmed: each step checked, recorded and published', async () => {
    const { orderId } = await h.buy();
    const notYet = await errorOf(h.rpc.send(RPC.payments.markDelivered, { orderRef: orderId, actorId: h.buyer }));
    expect(notYet).toMatchObject({ code: ErrorCode.Conflict, message: 'This order has not been shipped yet' });
    const buyerShips = await errorOf(
      h.rpc.send(RPC.payments.shipOrder, { orderRef: orderId, actorId: h.buyer, carrier: 'DHL' }),
    );
    expect(buyerShips).toMatchObject({ code: ErrorCode.Forbidden, message: 'Only the seller can ship this order' });
    const noCarrier = await errorOf(
      h.rpc.send(RPC.payments.shipOrder, { orderRef: orderId, actorId: h.seller, carrier: '  ' }),
    );
    expect(noCarrier?.code).toBe(ErrorCode.ValidationFailed);

    const shipped = await h.rpc.send(RPC.payments.shipOrder, {
      orderRef: orderId,
      actorId: h.seller,
      carrier: 'DHL',
      trackingNumber: 'JD0123',
    });
    expect(shipped).toMatchObject({
      status: 'shipped',
      carrier: 'DHL',
      trackingNumber: 'JD0123',
      actions: ['markDelivered'],
    });
    expect(shipped.deadlines.map((d) => d.name)).toEqual(['deliveredBy']);
    const again = await errorOf(
      h.rpc.send(RPC.payments.shipOrder, { orderRef: orderId, actorId: h.seller, carrier: 'DHL' }),
    );
    expect(again).toMatchObject({ code: ErrorCode.Conflict, message: 'This order cannot be shipped: it is shipped' });

    expect((await h.get(orderId, h.buyer)).actions).toEqual(['markDelivered', 'openClaim']);
    // The payment's intent, applied again (the success page's reconcile, a replayed webhook), no longer changes the order.
    const [{ provider_payment_id: paymentIntentId }] = await h.infra.database.query<{ provider_payment_id: string }>(
      'SELECT provider_payment_id FROM payments.orders WHERE id = $1',
      [orderId],
    );
    expect(await h.rpc.send(RPC.payments.reconcile, { paymentIntentId, actorId: h.buyer })).toMatchObject({
      status: 'shipped',
      orderId,
    });
    const delivered = await h.rpc.send(RPC.payments.markDelivered, { orderRef: orderId, actorId: h.buyer });
    expect(delivered).toMatchObject({ status: 'delivered', actions: ['confirm', 'openClaim'] });
    const sellerConfirms = await errorOf(
      h.rpc.send(RPC.payments.confirmOrder, { orderRef: orderId, actorId: h.seller }),
    );
    expect(sellerConfirms?.code).toBe(ErrorCode.Forbidden);
    const completed = await h.rpc.send(RPC.payments.confirmOrder, { orderRef: orderId, actorId: h.buyer });
    expect(completed).toMatchObject({ status: 'completed', actions: [], deadlines: [] });
    expect(completed.history.map((e) => [e.actor, e.from, e.to])).toEqual([
      ['system', expect.any(String), 'paid'],
      ['seller', 'paid', 'shipped'],
      ['buyer', 'shipped', 'delivered'],
      ['buyer', 'delivered', 'completed'],
    ]);
    const events = await eventually(async () => {
      const all = (await readStreamEvents<OrderChangedEvent>(h.infra, EVENTS.payments.orderChanged))
        .map((e) => e.data)
        .filter((e) => e.orderId === orderId);
      expect(all).toHaveLength(3);
      return all;
    });
    expect(events[0]).toMatchObject({
      from: 'paid',
      to: 'shipped',
      actor: 'seller',
      carrier: 'DHL',
      trackingNumber: 'JD0123',
      sellerId: h.seller,
      buyerUserId: h.buyer,
    });
    expect((await h.money(orderId)).refunded).toBe(false);
  });

  it('a guest follows and confirms the order with the private token; the token opens nothing else', async () => {
    const { orderId, token } = await h.buy('guest');
    expect(token).toEqual(expect.any(String));
    expect(await h.get(token!)).toMatchObject({ id: orderId, viewer: 'buyer', buyer: { id: null, firstName: 'Gia' } });
    expect(await h.get(token!, h.stranger)).toMatchObject({ viewer: 'buyer' });
    expect((await errorOf(h.get(orderId)))?.code).toBe(ErrorCode.NotFound);
    expect((await errorOf(h.get(`${token}x`)))?.code).toBe(ErrorCode.NotFound);
    const tokenShips = await errorOf(
      h.rpc.send(RPC.payments.shipOrder, { orderRef: token!, actorId: h.seller, carrier: 'DHL' }),
    );
    expect(tokenShips?.code).toBe(ErrorCode.Forbidden);
    await h.rpc.send(RPC.payments.shipOrder, { orderRef: orderId, actorId: h.seller, carrier: 'UPS' });
    await h.rpc.send(RPC.payments.markDelivered, { orderRef: orderId, actorId: h.seller });
    expect(await h.rpc.send(RPC.payments.confirmOrder, { orderRef: token! })).toMatchObject({ status: 'completed' });
  });
});

describe('racing transitions', () => {
  it('cancel, ship and the ship deadline (twice) at once: exactly one wins, the others are 409 or nothing, one refund at most', async () => {
    const { orderId } = await h.buy();
    await h.infra.database.query(`UPDATE payments.orders SET ship_by = now() - interval '1 s' WHERE id = $1`, [
      orderId,
    ]);
    const deadlines = h.payments.get(OrderDeadlines);
    const results = await Promise.all([
      errorOf(h.rpc.send(RPC.payments.cancelOrder, { orderRef: orderId, actorId: h.seller, reason: 'Out of stock' })),
      errorOf(h.rpc.send(RPC.payments.shipOrder, { orderRef: orderId, actorId: h.seller, carrier: 'DHL' })),
      deadlines.fireDeadline({ orderId, kind: 'shipBy' }).then(() => null),
      deadlines.fireDeadline({ orderId, kind: 'shipBy' }).then(() => null),
    ]);
    expect(results.filter((e) => e !== null).every((e) => e!.code === ErrorCode.Conflict)).toBe(true);
    const terminalOrShipped = (await h.history(orderId)).slice(1);
    expect(terminalOrShipped).toHaveLength(1);
    if (terminalOrShipped[0].to_status === 'cancelled')
      await eventually(async () => expect((await h.money(orderId)).refundCalls).toBe(1));
  });
});

describe('cancelling before shipping', () => {
  it('the seller cancels: cancelled, refunded once, and the item is no longer held', async () => {
    const { orderId, productId } = await h.buy();
    const sold = h.payments.get(OrdersRepository);
    expect(await sold.soldAmong([productId])).toEqual(new Set([productId]));
    const cancelled = await h.rpc.send(RPC.payments.cancelOrder, {
      orderRef: orderId,
      actorId: h.seller,
      reason: 'Broke it while packing',
    });
    expect(await sold.soldAmong([productId])).toEqual(new Set());
    expect(cancelled).toMatchObject({ status: 'cancelled', actions: [] });
    expect(cancelled.history.at(-1)).toMatchObject({
      actor: 'seller',
      from: 'paid',
      to: 'cancelled',
      reason: 'Broke it while packing',
    });
    await eventually(async () =>
      expect(await h.money(orderId)).toMatchObject({ refunded: true, refundCalls: 1, refundedAt: expect.any(Date) }),
    );
    const late = await errorOf(
      h.rpc.send(RPC.payments.shipOrder, { orderRef: orderId, actorId: h.seller, carrier: 'DHL' }),
    );
    expect(late?.code).toBe(ErrorCode.Conflict);
  });

  it('the buyer only asks; the seller agrees by cancelling; a second request is refused', async () => {
    const { orderId } = await h.buy();
    const asked = await h.rpc.send(RPC.payments.cancelOrder, {
      orderRef: orderId,
      actorId: h.buyer,
      reason: 'Ordered twice',
    });
    expect(asked).toMatchObject({ status: 'paid', cancelRequest: { reason: 'Ordered twice' }, actions: [] });
    expect(asked.deadlines.map((d) => d.name)).toEqual(['cancelRequestExpires', 'shipBy']);
    const twice = await errorOf(
      h.rpc.send(RPC.payments.cancelOrder, { orderRef: orderId, actorId: h.buyer, reason: 'Please' }),
    );
    expect(twice).toMatchObject({
      code: ErrorCode.Conflict,
      message: 'You have already asked the seller to cancel this order',
    });
    expect((await h.get(orderId, h.seller)).cancelRequest).toMatchObject({ reason: 'Ordered twice' });
    expect(
      await h.rpc.send(RPC.payments.cancelOrder, { orderRef: orderId, actorId: h.seller, reason: 'As you asked' }),
    ).toMatchObject({ status: 'cancelled' });
    await eventually(async () => expect((await h.money(orderId)).refundCalls).toBe(1));
  });
});

describe('claims', () => {
  it('refuses a claim before shipping (409) and from the seller (403); the seller accepts: refunded once', async () => {
    const { orderId } = await h.buy();
    const early = await errorOf(h.rpc.send(RPC.payments.openClaim, { orderRef: orderId, actorId: h.buyer, ...claim }));
    expect(early?.code).toBe(ErrorCode.Conflict);
    await h.rpc.send(RPC.payments.shipOrder, { orderRef: orderId, actorId: h.seller, carrier: 'DHL' });
    const bySeller = await errorOf(
      h.rpc.send(RPC.payments.openClaim, { orderRef: orderId, actorId: h.seller, ...claim }),
    );
    expect(bySeller?.code).toBe(ErrorCode.Forbidden);
    const opened = await h.rpc.send(RPC.payments.openClaim, { orderRef: orderId, actorId: h.buyer, ...claim });
    expect(opened).toMatchObject({
      status: 'disputed',
      claim: { status: 'open', reason: 'damaged', photos: claim.photos },
      actions: [],
    });
    expect(opened.deadlines.map((d) => d.name)).toEqual(['sellerResponseDue']);
    // The claim's photos go out with its order changed event: media keeps the uploaded ones.
    const claimOpened = await eventually(async () => {
      const found = (await readStreamEvents<OrderChangedEvent>(h.infra, EVENTS.payments.orderChanged))
        .map((e) => e.data)
        .find((e) => e.orderId === orderId && e.to === 'disputed');
      expect(found).toBeDefined();
      return found!;
    });
    expect(claimOpened.photos).toEqual(claim.photos);
    expect((await h.get(orderId, h.seller)).actions).toEqual(['respondToClaim']);
    const accepted = await h.rpc.send(RPC.payments.respondToClaim, {
      orderRef: orderId,
      actorId: h.seller,
      accept: true,
    });
    expect(accepted).toMatchObject({
      status: 'refunded',
      claim: { status: 'resolved', decision: { outcome: 'refund', by: 'seller' } },
    });
    await eventually(async () => expect((await h.money(orderId)).refundCalls).toBe(1));
  });

  it('the seller answers, support decides with a reason; only support may, once', async () => {
    const { orderId } = await h.buy();
    await h.rpc.send(RPC.payments.shipOrder, { orderRef: orderId, actorId: h.seller, carrier: 'DHL' });
    await h.rpc.send(RPC.payments.markDelivered, { orderRef: orderId, actorId: h.seller });
    const { claim: opened } = await h.rpc.send(RPC.payments.openClaim, {
      orderRef: orderId,
      actorId: h.buyer,
      ...claim,
    });
    const noSide = await errorOf(
      h.rpc.send(RPC.payments.respondToClaim, { orderRef: orderId, actorId: h.seller, accept: false }),
    );
    expect(noSide?.code).toBe(ErrorCode.ValidationFailed);
    const sellerPhotos = ['/media/0123456789abcdef0123456789abcdef-800.webp', 'https://img.example.com/packed.jpg'];
    const answered = await h.rpc.send(RPC.payments.respondToClaim, {
      orderRef: orderId,
      actorId: h.seller,
      accept: false,
      statement: 'It left intact',
      photos: sellerPhotos,
    });
    expect(answered).toMatchObject({
      status: 'disputed',
      claim: {
        status: 'escalated',
        photos: claim.photos,
        sellerResponse: { accept: false, statement: 'It left intact', photos: sellerPhotos },
      },
    });
    // The seller's photos go out with the answer's order changed event (media keeps them, as evidence), and both
    // parties and support read them on the order.
    await eventually(async () => {
      const found = (await readStreamEvents<OrderChangedEvent>(h.infra, EVENTS.payments.orderChanged))
        .map((e) => e.data)
        .find((e) => e.orderId === orderId && e.actor === 'seller' && e.from === 'disputed');
      expect(found?.photos).toEqual(sellerPhotos);
    });
    expect((await h.get(orderId, h.buyer)).claim?.sellerResponse?.photos).toEqual(sellerPhotos);

    for (const actorId of [h.buyer, h.seller, h.stranger]) {
      expect((await errorOf(h.rpc.send(RPC.payments.listOpenClaims, { actorId })))?.code).toBe(ErrorCode.Forbidden);
      const decide = await errorOf(
        h.rpc.send(RPC.payments.decideClaim, { claimId: opened!.id, actorId, outcome: 'release', reason: 'Mine' }),
      );
      expect(decide?.code).toBe(ErrorCode.Forbidden);
    }
    const queue = await h.rpc.send(RPC.payments.listOpenClaims, { actorId: h.support });
    const item = queue.items.find((i) => i.claim.id === opened!.id);
    expect(item?.order).toMatchObject({ id: orderId, viewer: 'support', actions: ['decideClaim'] });
    expect(item?.order.deliveryAddress).toBeUndefined();
    expect(await h.get(orderId, h.support)).toMatchObject({ viewer: 'support' });

    const decided = await h.rpc.send(RPC.payments.decideClaim, {
      claimId: opened!.id,
      actorId: h.support,
      outcome: 'refund',
      reason: 'Photos show damage',
    });
    expect(decided).toMatchObject({
      status: 'refunded',
      claim: { status: 'resolved', decision: { outcome: 'refund', by: 'support', reason: 'Photos show damage' } },
    });
    expect(decided.history.at(-1)).toMatchObject({ actor: 'support', from: 'disputed', to: 'refunded' });
    const twice = await errorOf(
      h.rpc.send(RPC.payments.decideClaim, {
        claimId: opened!.id,
        actorId: h.support,
        outcome: 'release',
        reason: 'Again',
      }),
    );
    expect(twice?.code).toBe(ErrorCode.Conflict);
    expect(
      (await h.rpc.send(RPC.payments.listOpenClaims, { actorId: h.support })).items.map((i) => i.claim.id),
    ).not.toContain(opened!.id);
    await eventually(async () => expect((await h.money(orderId)).refundCalls).toBe(1));
  });

  it('support releasing the payment completes the order without a refund', async () => {
    const { orderId } = await h.buy();
    await h.rpc.send(RPC.payments.shipOrder, { orderRef: orderId, actorId: h.seller, carrier: 'DHL' });
    const { claim: opened } = await h.rpc.send(RPC.payments.openClaim, {
      orderRef: orderId,
      actorId: h.buyer,
      ...claim,
      reason: 'not_received',
    });
    const released = await h.rpc.send(RPC.payments.decideClaim, {
      claimId: opened!.id,
      actorId: h.support,
      outcome: 'release',
      reason: 'Tracking shows delivery',
    });
    expect(released).toMatchObject({ status: 'completed' });
    expect((await h.money(orderId)).refundCalls).toBe(0);
  });
});

describe('the Purchases and Sales pages', () => {
  it('pages newest first with the other party, the next deadline and whether the viewer must act', async () => {
    const sales = [];
    let cursor: string | undefined;
    do {
      const page = await h.rpc.send(RPC.payments.listOrdersPage, {
        actorId: h.seller,
        role: 'sales',
        limit: 2,
        ...(cursor ? { cursor } : {}),
      });
      expect(page.items.length).toBeLessThanOrEqual(2);
      sales.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const [{ count }] = await h.infra.database.query<{ count: string }>(
      'SELECT count(*) FROM payments.orders WHERE seller_id = $1 AND paid_at IS NOT NULL',
      [h.seller],
    );
    expect(sales).toHaveLength(Number(count));
    expect(new Set(sales.map((s) => s.id)).size).toBe(sales.length);
    expect(sales.map((s) => s.createdAt)).toEqual([...sales.map((s) => s.createdAt)].sort().reverse());
    const paid = sales.find((s) => s.status === 'paid')!;
    expect(paid).toMatchObject({ needsAction: true, nextDeadline: { name: 'shipBy' } });
    expect(sales.find((s) => s.status === 'completed')).toMatchObject({ needsAction: false, nextDeadline: null });
    expect(sales.map((s) => s.otherParty)).toContain('Bob Test');

    const purchases = await h.rpc.send(RPC.payments.listOrdersPage, { actorId: h.buyer, role: 'purchases', limit: 50 });
    expect(purchases.items[0]).toMatchObject({ otherParty: 'Sally Test' });
    expect((await h.rpc.send(RPC.payments.listOrdersPage, { actorId: h.stranger, role: 'sales' })).items).toEqual([]);
    const forged = await errorOf(
      h.rpc.send(RPC.payments.listOrdersPage, { actorId: h.seller, role: 'sales', cursor: 'eyJ2IjoxfQ' }),
    );
    expect(forged?.code).toBe(ErrorCode.ValidationFailed);
    const legacy = await h.rpc.send(RPC.payments.listOrders, { actorId: h.buyer });
    expect(legacy.purchases.map((p) => p.status)).toEqual(
      expect.arrayContaining(['completed', 'cancelled', 'refunded']),
    );
  });
});

/*
 * A property test: random sequences of everybody's actions and deadline firings against the real service, checked
 * against an independent model of the rules. Deadlines fire through the real job handler, with the due time moved
 * into the past in the database first (the deadlines' own timing is tested in order-deadlines.int-spec.ts).
 */
describe('random sequences of actions and deadlines', () => {
  type Who = 'buyer' | 'seller' | 'support' | 'stranger';
  type Kind = 'shipBy' | 'deliveredBy' | 'claimWindowEnds' | 'cancelRequestExpires' | 'sellerResponseDue';
  type Command =
    | {
        t: 'act';
        who: Who;
        action:
          'ship' | 'markDelivered' | 'confirm' | 'cancel' | 'openClaim' | 'accept' | 'answer' | 'refund' | 'release';
      }
    | { t: 'fire'; kind: Kind };
  interface Model {
    status: string;
    claim: 'open' | 'escalated' | 'resolved' | null;
    cancelRequested: boolean;
  }

  const DUE_COLUMN: Record<Kind, string> = {
    shipBy: "UPDATE payments.orders SET ship_by = now() - interval '1 s' WHERE id = $1 AND ship_by IS NOT NULL",
    deliveredBy:
      "UPDATE payments.orders SET delivered_by = now() - interval '1 s' WHERE id = $1 AND delivered_by IS NOT NULL",
    claimWindowEnds:
      "UPDATE payments.orders SET claim_window_ends = now() - interval '1 s' WHERE id = $1 AND claim_window_ends IS NOT NULL",
    cancelRequestExpires:
      "UPDATE payments.orders SET cancel_request_expires = now() - interval '1 s' WHERE id = $1 AND cancel_request_expires IS NOT NULL",
    sellerResponseDue: "UPDATE payments.claims SET response_due = now() - interval '1 s' WHERE order_id = $1",
  };

  /** The rules, written again independently of order-lifecycle.ts: the next model, or null when refused. */
  function expected(m: Model, c: Command, windowPassed: boolean): Model | null {
    if (c.t === 'fire') {
      if (c.kind === 'shipBy' && m.status === 'paid') return { ...m, status: 'cancelled', cancelRequested: false };
      if (c.kind === 'deliveredBy' && m.status === 'shipped') return { ...m, status: 'delivered' };
      if (c.kind === 'claimWindowEnds' && m.status === 'delivered') return { ...m, status: 'completed' };
      if (c.kind === 'cancelRequestExpires' && m.status === 'paid' && m.cancelRequested)
        return { ...m, cancelRequested: false };
      if (c.kind === 'sellerResponseDue' && m.status === 'disputed' && m.claim === 'open')
        return { ...m, claim: 'escalated' };
      return m;
    }
    const { who, action } = c;
    switch (action) {
      case 'ship':
        return who === 'seller' && m.status === 'paid' ? { ...m, status: 'shipped', cancelRequested: false } : null;
      case 'markDelivered':
        return (who === 'seller' || who === 'buyer') && m.status === 'shipped' ? { ...m, status: 'delivered' } : null;
      case 'confirm':
        return who === 'buyer' && m.status === 'delivered' ? { ...m, status: 'completed' } : null;
      case 'cancel':
        if (who === 'seller' && m.status === 'paid') return { ...m, status: 'cancelled', cancelRequested: false };
        return who === 'buyer' && m.status === 'paid' && !m.cancelRequested ? { ...m, cancelRequested: true } : null;
      case 'openClaim':
        return who === 'buyer' &&
          m.claim === null &&
          (m.status === 'shipped' || (m.status === 'delivered' && !windowPassed))
          ? { ...m, status: 'disputed', claim: 'open' }
          : null;
      case 'accept':
        return who === 'seller' && m.status === 'disputed' && m.claim === 'open'
          ? { ...m, status: 'refunded', claim: 'resolved' }
          : null;
      case 'answer':
        return who === 'seller' && m.status === 'disputed' && m.claim === 'open' ? { ...m, claim: 'escalated' } : null;
      case 'refund':
      case 'release':
        return who === 'support' && m.status === 'disputed' && m.claim !== 'resolved'
          ? { ...m, status: action === 'refund' ? 'refunded' : 'completed', claim: 'resolved' }
          : null;
    }
  }

  async function run(orderId: string, c: Command): Promise<boolean> {
    if (c.t === 'fire') {
      await h.infra.database.query(DUE_COLUMN[c.kind], [orderId]);
      await h.payments.get(OrderDeadlines).fireDeadline({ orderId, kind: c.kind });
      return true;
    }
    const actorId = { buyer: h.buyer, seller: h.seller, support: h.support, stranger: h.stranger }[c.who];
    const orderRef = orderId;
    const call = async () => {
      switch (c.action) {
        case 'ship':
          return h.rpc.send(RPC.payments.shipOrder, { orderRef, actorId, carrier: 'DHL' });
        case 'markDelivered':
          return h.rpc.send(RPC.payments.markDelivered, { orderRef, actorId });
        case 'confirm':
          return h.rpc.send(RPC.payments.confirmOrder, { orderRef, actorId });
        case 'cancel':
          return h.rpc.send(RPC.payments.cancelOrder, { orderRef, actorId, reason: 'Changed my mind' });
        case 'openClaim':
          return h.rpc.send(RPC.payments.openClaim, { orderRef, actorId, ...claim });
        case 'accept':
          return h.rpc.send(RPC.payments.respondToClaim, { orderRef, actorId, accept: true });
        case 'answer':
          return h.rpc.send(RPC.payments.respondToClaim, {
            orderRef,
            actorId,
            accept: false,
            statement: 'It was fine',
          });
        case 'refund':
        case 'release': {
          const [row] = await h.infra.database.query<{ id: string }>(
            'SELECT id FROM payments.claims WHERE order_id = $1',
            [orderId],
          );
          if (!row) throw new DomainError(ErrorCode.NotFound, 'Claim not found');
          return h.rpc.send(RPC.payments.decideClaim, {
            claimId: row.id,
            actorId,
            outcome: c.action,
            reason: 'Decided',
          });
        }
      }
    };
    const error = await errorOf(call());
    if (error) expect([ErrorCode.Conflict, ErrorCode.Forbidden, ErrorCode.NotFound]).toContain(error.code);
    return error === null;
  }

  const who = fc.constantFrom<Who>('buyer', 'seller', 'support', 'stranger');
  const command: fc.Arbitrary<Command> = fc.oneof(
    fc.record({
      t: fc.constant('act' as const),
      who,
      action: fc.constantFrom(
        'ship',
        'markDelivered',
        'confirm',
        'cancel',
        'openClaim',
        'accept',
        'answer',
        'refund',
        'release',
      ),
    }),
    fc.record({
      t: fc.constant('fire' as const),
      kind: fc.constantFrom<Kind>(
        'shipBy',
        'deliveredBy',
        'claimWindowEnds',
        'cancelRequestExpires',
        'sellerResponseDue',
      ),
    }),
  ) as fc.Arbitrary<Command>;
  /** Deadlines and support end every order: from any state these reach a terminal one. */
  const finish: Command[] = [
    { t: 'fire', kind: 'shipBy' },
    { t: 'fire', kind: 'deliveredBy' },
    { t: 'fire', kind: 'claimWindowEnds' },
    { t: 'act', who: 'support', action: 'release' },
  ];

  it('every order ends in exactly one terminal state, money goes back at most once, nothing is accepted out of turn', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 10 }), async (commands) => {
        const { orderId } = await h.buy();
        let model: Model = { status: 'paid', claim: null, cancelRequested: false };
        let windowPassed = false;
        for (const c of [...commands, ...finish]) {
          const next = expected(model, c, windowPassed);
          const accepted = await run(orderId, c);
          if (c.t === 'fire' && c.kind === 'claimWindowEnds' && model.status === 'delivered') windowPassed = true;
          expect({ c, accepted }).toEqual({ c, accepted: next !== null });
          model = next ?? model;
          const [row] = await h.infra.database.query<{ status: string }>(
            'SELECT status FROM payments.orders WHERE id = $1',
            [orderId],
          );
          expect({ c, status: row.status }).toEqual({ c, status: model.status });
        }
        expect(['completed', 'cancelled', 'refunded']).toContain(model.status);
        const history = await h.history(orderId);
        expect(history.filter((e) => ['completed', 'cancelled', 'refunded'].includes(e.to_status))).toHaveLength(1);
        const refundDue = model.status !== 'completed';
        await eventually(async () =>
          expect(await h.money(orderId)).toMatchObject({ refunded: refundDue, refundCalls: refundDue ? 1 : 0 }),
        );
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});

describe("support's queues page without gaps or repeats", () => {
  it('undecided claims oldest first, a page at a time, as the database orders them', async () => {
    for (let i = 0; i < 3; i++) {
      const { orderId } = await h.buy();
      await h.rpc.send(RPC.payments.shipOrder, { orderRef: orderId, actorId: h.seller, carrier: 'DHL' });
      await h.rpc.send(RPC.payments.markDelivered, { orderRef: orderId, actorId: h.buyer });
      await h.rpc.send(RPC.payments.openClaim, { orderRef: orderId, actorId: h.buyer, ...claim });
    }
    const claims = h.payments.get(ClaimsRepository);
    const seen: string[] = [];
    let page = await claims.findUndecidedPage(null, 2);
    seen.push(...page.items.map((c) => c.id));
    while (page.next) {
      page = await claims.findUndecidedPage(page.next, 2);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((c) => c.id));
    }
    const expected = await h.infra.database.query<{ id: string }>(
      `SELECT id FROM payments.claims WHERE status <> 'resolved' ORDER BY opened_at, id`,
    );
    expect(expected.length).toBeGreaterThan(2);
    expect(seen).toEqual(expected.map((r) => r.id));
  });
});

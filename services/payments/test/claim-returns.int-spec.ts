import { ErrorCode, RPC } from '@souvenir/contracts';
import { eventually } from '@souvenir/testing';
import { auditLedger } from '../src/ledger/ledger-audit';
import { OrderDeadlines } from '../src/orders/order-deadlines';
import { errorOf, OrderHarness } from './order-harness';

/*
 * A claim support refunds with a return first, on real Postgres and NATS: the money stays frozen while the buyer
 * sends the item back with tracking; the seller's confirmation (or the arrival deadline, a pg-boss job) refunds the
 * buyer exactly once through the order's one refund, and the ledger holds one payment and one refund entry.
 */
const h = new OrderHarness();
beforeAll(() => h.start(), 60_000);
afterAll(() => h.stop());

const claim = { reason: 'not_as_described' as const, description: 'Not the colour in the photos' };

/** A shipped order with a claim support has decided: refund once the item is back. */
async function returnAsked(): Promise<string> {
  const { orderId } = await h.buy();
  await h.rpc.send(RPC.payments.shipOrder, { orderRef: orderId, actorId: h.seller, carrier: 'DHL' });
  const opened = await h.rpc.send(RPC.payments.openClaim, { orderRef: orderId, actorId: h.buyer, ...claim });
  const decided = await h.rpc.send(RPC.payments.decideClaim, {
    claimId: opened.claim!.id,
    actorId: h.support,
    outcome: 'refund',
    reason: 'The buyer is right; the item goes back first',
    returnFirst: true,
  });
  expect(decided).toMatchObject({ status: 'disputed', claim: { status: 'returning', return: null } });
  return orderId;
}

const entries = (orderId: string) =>
  h.infra.database.query<{ kind: string }>('SELECT kind FROM payments.ledger_entries WHERE order_id = $1 ORDER BY id', [
    orderId,
  ]);

it('the buyer sends it back with tracking, the seller confirms: refunded once, and the ledger says so once', async () => {
  const orderId = await returnAsked();
  const buyerView = await h.get(orderId, h.buyer);
  expect(buyerView.actions).toEqual(['shipReturn']);
  expect(buyerView.deadlines.map((d) => d.name)).toEqual(['returnShipBy']);
  expect((await h.get(orderId, h.seller)).actions).toEqual([]);
  expect((await h.money(orderId)).refundCalls).toBe(0);

  // Out of turn: the seller cannot confirm what was not sent, nor send it; a tracking number is required.
  const early = await errorOf(h.rpc.send(RPC.payments.confirmReturn, { orderRef: orderId, actorId: h.seller }));
  expect(early?.code).toBe(ErrorCode.Conflict);
  const bySeller = await errorOf(
    h.rpc.send(RPC.payments.shipReturn, {
      orderRef: orderId,
      actorId: h.seller,
      carrier: 'UPS',
      trackingNumber: '1Z9',
    }),
  );
  expect(bySeller?.code).toBe(ErrorCode.Forbidden);

  const sent = await h.rpc.send(RPC.payments.shipReturn, {
    orderRef: orderId,
    actorId: h.buyer,
    carrier: 'UPS',
    trackingNumber: '1Z 999 AA1',
  });
  expect(sent).toMatchObject({
    status: 'disputed',
    actions: [],
    claim: { status: 'returning', return: { carrier: 'UPS', trackingNumber: '1Z 999 AA1', arrivedAt: null } },
  });
  expect(sent.deadlines.map((d) => d.name)).toEqual(['returnArrivesBy']);
  expect((await h.get(orderId, h.seller)).actions).toEqual(['confirmReturn']);

  const [first, second] = await Promise.all([
    h.rpc.send(RPC.payments.confirmReturn, { orderRef: orderId, actorId: h.seller }).catch((e: unknown) => e),
    h.rpc.send(RPC.payments.confirmReturn, { orderRef: orderId, actorId: h.seller }).catch((e: unknown) => e),
  ]);
  const outcomes = [first, second].map((r) =>
    (r as { status?: string }).status ? 'ok' : (r as { code: string }).code,
  );
  expect(outcomes.sort()).toEqual([ErrorCode.Conflict, 'ok'].sort());
  const refunded = await h.get(orderId, h.buyer);
  expect(refunded).toMatchObject({ status: 'refunded', claim: { status: 'resolved', return: { carrier: 'UPS' } } });
  expect(refunded.claim?.return?.arrivedAt).toEqual(expect.any(String));

  await eventually(async () => expect((await h.money(orderId)).refundCalls).toBe(1));
  await eventually(async () => expect((await entries(orderId)).map((e) => e.kind)).toEqual(['payment', 'refund']));
  expect(await auditLedger((sql, params) => h.infra.database.query(sql, params))).toEqual([]);
});

it('refunds when the arrival deadline passes unconfirmed, once; a buyer who never sends it leaves the seller paid', async () => {
  const deadlines = h.payments.get(OrderDeadlines);
  const orderId = await returnAsked();
  await h.rpc.send(RPC.payments.shipReturn, {
    orderRef: orderId,
    actorId: h.buyer,
    carrier: 'UPS',
    trackingNumber: '1Z1',
  });
  // Early: the job finds the deadline not yet due and changes nothing.
  await deadlines.fireDeadline({ orderId, kind: 'returnArrivesBy' });
  expect((await h.get(orderId, h.buyer)).status).toBe('disputed');
  await h.infra.database.query(
    `UPDATE payments.claims SET return_arrives_by = now() - interval '1 minute' WHERE order_id = $1`,
    [orderId],
  );
  await Promise.all([
    deadlines.fireDeadline({ orderId, kind: 'returnArrivesBy' }),
    deadlines.fireDeadline({ orderId, kind: 'returnArrivesBy' }),
  ]);
  const refunded = await h.get(orderId, h.seller);
  expect(refunded.status).toBe('refunded');
  expect(refunded.history.at(-1)).toMatchObject({ actor: 'system', to: 'refunded' });
  await eventually(async () => expect((await h.money(orderId)).refundCalls).toBe(1));
  await eventually(async () => expect((await entries(orderId)).map((e) => e.kind)).toEqual(['payment', 'refund']));

  const kept = await returnAsked();
  await h.infra.database.query(
    `UPDATE payments.claims SET return_ship_by = now() - interval '1 minute' WHERE order_id = $1`,
    [kept],
  );
  await deadlines.fireDeadline({ orderId: kept, kind: 'returnShipBy' });
  const completed = await h.get(kept, h.seller);
  expect(completed).toMatchObject({
    status: 'completed',
    claim: { status: 'resolved', decision: { outcome: 'release' } },
  });
  expect((await h.money(kept)).refundCalls).toBe(0);
  await eventually(async () => expect((await entries(kept)).map((e) => e.kind)).toEqual(['payment', 'release']));
  expect(await auditLedger((sql, params) => h.infra.database.query(sql, params))).toEqual([]);
});

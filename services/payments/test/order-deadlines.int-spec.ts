import { RPC } from '@souvenir/contracts';
import { eventually } from '@souvenir/testing';
import { OrderHarness } from './order-harness';

/*
 * The deadlines fire by themselves, through pg-boss jobs, with seconds-long settings (fractions of a day/hour):
 * never by sleeping days. Each one fires once (across a restart with two replicas: order-deadlines-restart.int-spec).
 */
const SECOND_IN_DAYS = 1 / 86_400;
const SECOND_IN_HOURS = 1 / 3_600;
const h = new OrderHarness({
  SHIP_WITHIN_DAYS: String(5 * SECOND_IN_DAYS),
  DELIVERY_WINDOW_DAYS: String(2 * SECOND_IN_DAYS),
  CLAIM_WINDOW_DAYS: String(2 * SECOND_IN_DAYS),
  CANCEL_REQUEST_HOURS: String(2 * SECOND_IN_HOURS),
  CLAIM_RESPONSE_HOURS: String(2 * SECOND_IN_HOURS),
});
beforeAll(() => h.start(), 60_000);
afterAll(() => h.stop());

it('an order not shipped in time is cancelled by the system and refunded once', async () => {
  const { orderId } = await h.buy();
  expect(await h.statusOf(orderId)).toBe('paid');
  await eventually(async () => expect(await h.statusOf(orderId)).toBe('cancelled'), 15_000, 250);
  const history = await h.history(orderId);
  expect(history.at(-1)).toMatchObject({
    actor: 'system',
    from_status: 'paid',
    to_status: 'cancelled',
    reason: expect.stringMatching(/^Not shipped within /),
  });
  await eventually(async () =>
    expect(await h.money(orderId)).toMatchObject({ refunded: true, refundCalls: 1, refundedAt: expect.any(Date) }),
  );
}, 30_000);

it('a shipped order becomes delivered, then completed, when nobody acts', async () => {
  const { orderId } = await h.buy();
  await h.rpc.send(RPC.payments.shipOrder, { orderRef: orderId, actorId: h.seller, carrier: 'DHL' });
  await eventually(async () => expect(await h.statusOf(orderId)).toBe('completed'), 15_000, 250);
  expect((await h.transitions(orderId)).slice(1)).toEqual([
    'seller:paid>shipped',
    'system:shipped>delivered',
    'system:delivered>completed',
  ]);
  expect((await h.money(orderId)).refundCalls).toBe(0);
}, 30_000);

it('a cancel request the seller ignores expires; an unanswered claim goes to support', async () => {
  const asked = await h.buy();
  await h.rpc.send(RPC.payments.cancelOrder, { orderRef: asked.orderId, actorId: h.buyer, reason: 'Ordered twice' });
  const claimed = await h.buy();
  await h.rpc.send(RPC.payments.shipOrder, { orderRef: claimed.orderId, actorId: h.seller, carrier: 'DHL' });
  await h.rpc.send(RPC.payments.openClaim, {
    orderRef: claimed.orderId,
    actorId: h.buyer,
    reason: 'not_received',
    description: 'Nothing came',
  });
  await eventually(async () => expect((await h.get(asked.orderId, h.seller)).cancelRequest).toBeNull(), 15_000, 250);
  expect((await h.history(asked.orderId)).at(2)).toMatchObject({
    actor: 'system',
    from_status: 'paid',
    to_status: 'paid',
    reason: expect.stringMatching(/did not agree to cancel/),
  });
  await eventually(
    async () => expect((await h.get(claimed.orderId, h.buyer)).claim?.status).toBe('escalated'),
    15_000,
    250,
  );
  // The delivery deadline of the shipped order found it disputed: it changed nothing.
  expect(await h.transitions(claimed.orderId)).toEqual([
    expect.any(String),
    'seller:paid>shipped',
    'buyer:shipped>disputed',
    'system:disputed>disputed',
  ]);
  expect(await h.statusOf(claimed.orderId)).toBe('disputed');
}, 30_000);

import { RPC } from '@souvenir/contracts';
import { eventually } from '@souvenir/testing';
import { ORDER_DEADLINE } from '../src/orders/order-jobs';
import { OrderHarness } from './order-harness';

/*
 * Deadlines that fall due while payments is stopped fire once when it starts again, with two replicas working the
 * same queue. Buying four orders, shipping one and stopping take seconds on a loaded machine, and every deadline must
 * still lie ahead at the stop: hence windows of 20 and 15 seconds, and a wait for the deadlines the database holds
 * rather than for a fixed time.
 */
const SECOND_IN_DAYS = 1 / 86_400;
const h = new OrderHarness({
  SHIP_WITHIN_DAYS: String(20 * SECOND_IN_DAYS),
  DELIVERY_WINDOW_DAYS: String(15 * SECOND_IN_DAYS),
  CLAIM_WINDOW_DAYS: String(2 * SECOND_IN_DAYS),
});
beforeAll(() => h.start(), 60_000);
afterAll(() => h.stop());

/** Sleeps until the latest ship-by or delivered-by deadline of these orders has passed. */
async function untilDue(orderIds: string[]): Promise<void> {
  const [{ due }] = await h.infra.database.query<{ due: Date }>(
    'SELECT max(greatest(ship_by, delivered_by)) AS due FROM payments.orders WHERE id = ANY($1)',
    [orderIds],
  );
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, due.getTime() - Date.now()) + 1_000));
}

/** The deadline jobs of these orders still waiting or running (pg-boss's job table). */
async function deadlinesPending(orderIds: string[]): Promise<number> {
  const [{ n }] = await h.infra.database.query<{ n: string }>(
    `SELECT count(*) AS n FROM payments_jobs.job
      WHERE name = $1 AND data->>'orderId' = ANY($2) AND state IN ('created', 'retry', 'active')`,
    [ORDER_DEADLINE, orderIds],
  );
  return Number(n);
}

it('deadlines that fall due while the service is stopped fire once when it starts again, with two replicas', async () => {
  const [unshipped, ...moreUnshipped] = [await h.buy(), await h.buy(), await h.buy()];
  const shipped = await h.buy();
  await h.rpc.send(RPC.payments.shipOrder, { orderRef: shipped.orderId, actorId: h.seller, carrier: 'DHL' });
  await h.stopPayments();
  expect(await h.statusOf(unshipped.orderId)).toBe('paid');
  expect(await h.statusOf(shipped.orderId)).toBe('shipped');
  const orderIds = [unshipped, ...moreUnshipped, shipped].map((o) => o.orderId);
  await untilDue(orderIds);
  // Due, and waiting in the database for a replica: every order's ship-by, and the shipped one's delivered-by.
  expect(await deadlinesPending(orderIds)).toBeGreaterThanOrEqual(orderIds.length + 1);
  expect(await h.statusOf(unshipped.orderId)).toBe('paid');
  expect(await h.statusOf(shipped.orderId)).toBe('shipped');
  await Promise.all([h.startPayments(), h.startPayments()]);
  await eventually(
    async () => {
      expect(await h.statusOf(unshipped.orderId)).toBe('cancelled');
      expect(await h.statusOf(shipped.orderId)).toBe('completed');
    },
    20_000,
    250,
  );
  await eventually(async () => expect((await h.money(unshipped.orderId)).refundCalls).toBe(1));
  // Every deadline job of these orders has run: a duplicate firing would have shown in the steps below.
  await eventually(async () => expect(await deadlinesPending(orderIds)).toBe(0), 20_000, 250);
  expect((await h.transitions(unshipped.orderId)).slice(1)).toEqual(['system:paid>cancelled']);
  expect((await h.transitions(shipped.orderId)).slice(1)).toEqual([
    'seller:paid>shipped',
    'system:shipped>delivered',
    'system:delivered>completed',
  ]);
  expect((await h.money(unshipped.orderId)).refundCalls).toBe(1);
  for (const { orderId } of moreUnshipped) {
    expect(await h.transitions(orderId)).toEqual([expect.any(String), 'system:paid>cancelled']);
    expect((await h.money(orderId)).refundCalls).toBe(1);
  }
}, 90_000);

import { EVENTS, RPC, type PayoutPaidEvent, type PayoutsPageDto } from '@souvenir/contracts';
import { eventually, readStreamEvents } from '@souvenir/testing';
import { auditLedger } from '../src/ledger/ledger-audit';
import { OrderHarness } from './order-harness';

/*
 * A card dispute on a bundle order a claim refunded in part, on real Postgres/NATS and the test-mode provider: the
 * bank can take back only what the buyer still paid, the ledger moves it once, and the seller's balance (held,
 * available, paid out) ends where the orders say, whether the refund was made before the dispute or waited for it.
 */

const h = new OrderHarness({ PLATFORM_FEE_PERCENT: '10', PAYMENTS_SWEEP_CRON: '0 0 1 1 *' });

beforeAll(() => h.start(), 60_000);
afterAll(() => h.stop());

let clock = Math.floor(Date.now() / 1000);

const audit = async () => expect(await auditLedger((sql, params) => h.infra.database.query(sql, params))).toEqual([]);
const balance = async (actorId: string) =>
  ((await h.rpc.send(RPC.payments.listPayouts, { actorId })) as PayoutsPageDto).balance;

/** The order's ledger, summed per account (cents), and its chargeback entries. */
async function ledger(orderId: string): Promise<{ accounts: Record<string, number>; chargebacks: number }> {
  const rows = await h.infra.database.query<{ account: string; cents: string }>(
    `SELECT l.account, sum(l.amount_cents)::text AS cents FROM payments.ledger_lines l
       JOIN payments.ledger_entries e ON e.id = l.entry_id WHERE e.order_id = $1 GROUP BY l.account`,
    [orderId],
  );
  const [{ n }] = await h.infra.database.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM payments.ledger_entries WHERE order_id = $1 AND kind = 'chargeback'`,
    [orderId],
  );
  return { accounts: Object.fromEntries(rows.map((r) => [r.account, Number(r.cents)])), chargebacks: Number(n) };
}

/** What the provider refunded of the order's charge. */
async function refunded(orderId: string): Promise<{ calls: number; cents: number | null }> {
  const [row] = await h.infra.database.query<{ calls: number; cents: string | null }>(
    `SELECT i.refund_calls AS calls, i.refunded_cents::text AS cents FROM payments.orders o
       JOIN payments.test_intents i ON i.id = o.provider_payment_id WHERE o.id = $1`,
    [orderId],
  );
  return { calls: Number(row.calls), cents: row.cents === null ? null : Number(row.cents) };
}

const dispute = async (orderId: string, status: 'needs_response' | 'won' | 'lost') =>
  h.sendDispute(
    status === 'needs_response' ? 'charge.dispute.created' : 'charge.dispute.closed',
    await h.chargeOf(orderId),
    status,
    ++clock,
  );

/** A bundle of two 20.00 items shipped, and a claim on the first one that its seller accepts. */
async function partlyRefunded(seller: string, disputeFirst = false) {
  const { orderId, productIds } = await h.buyBundle(2, seller);
  await h.rpc.send(RPC.payments.shipOrder, { orderRef: orderId, actorId: seller, carrier: 'USPS' });
  await h.rpc.send(RPC.payments.openClaim, {
    orderRef: orderId,
    actorId: h.buyer,
    reason: 'damaged',
    description: 'The first one arrived broken',
    productIds: [productIds[0]],
  });
  // The bank's dispute opened while the claim was open: the refund decided next must wait for it.
  if (disputeFirst) await dispute(orderId, 'needs_response');
  const decided = await h.rpc.send(RPC.payments.respondToClaim, { orderRef: orderId, actorId: seller, accept: true });
  expect(decided).toMatchObject({ status: 'completed', refundedAmount: '20.00' });
  return orderId;
}

describe('a claim on some of a bundle’s items', () => {
  it('is announced with the items it names, so the bell names those and not the order’s', async () => {
    const seller = await h.person('Cleo');
    const { orderId, productIds } = await h.buyBundle(3, seller);
    await h.rpc.send(RPC.payments.shipOrder, { orderRef: orderId, actorId: seller, carrier: 'USPS' });
    await h.rpc.send(RPC.payments.openClaim, {
      orderRef: orderId,
      actorId: h.buyer,
      reason: 'damaged',
      description: 'The second one arrived broken',
      productIds: [productIds[1]],
    });
    const [title] = await h.infra.database.query<{ title: string }>(
      `SELECT title FROM payments.order_items WHERE order_id = $1 AND product_id = $2`,
      [orderId, productIds[1]],
    );
    const [opened] = await h.infra.database.query<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM payments.outbox_events
        WHERE subject = $1 AND payload->>'orderId' = $2 AND payload->>'to' = 'disputed'`,
      [EVENTS.payments.orderChanged, orderId],
    );
    expect(opened.payload).toMatchObject({
      productIds,
      claimedProductIds: [productIds[1]],
      claimedTitle: title.title,
    });
  });
});

describe('a card dispute on a bundle order refunded in part', () => {
  it('after the refund: the bank takes back only the rest, once, from the seller’s earnings', async () => {
    const seller = await h.person('Dora');
    const orderId = await partlyRefunded(seller);
    await eventually(async () => expect((await h.money(orderId)).refundedAt).not.toBeNull(), 15_000);
    expect(await refunded(orderId)).toEqual({ calls: 1, cents: 2000 });
    expect(await balance(seller)).toMatchObject({ held: '0.00', available: '18.00', paidOut: '0.00' });

    await dispute(orderId, 'needs_response');
    expect(await h.get(orderId, h.buyer)).toMatchObject({
      money: { state: 'frozen' },
      cardDispute: { status: 'open', amount: '20.00' },
    });
    // Lost, delivered several times at once (Stripe retries, several replicas): one chargeback of what was still paid.
    await Promise.all(Array.from({ length: 5 }, () => dispute(orderId, 'lost')));
    expect(await ledger(orderId)).toEqual({
      accounts: { customer_payments: 0, held: 0, seller_balance: 0, platform_fees: 0 },
      chargebacks: 1,
    });
    expect(await balance(seller)).toMatchObject({ held: '0.00', available: '0.00', paidOut: '0.00' });
    const buyerView = await h.get(orderId, h.buyer);
    expect(buyerView).toMatchObject({
      money: { state: 'charged_back' },
      cardDispute: { status: 'lost', amount: '20.00' },
    });
    expect((await h.rpc.send(RPC.payments.listPayouts, { actorId: seller })).items).toEqual([
      expect.objectContaining({ status: 'reversed', amount: '18.00' }),
    ]);
    expect((await refunded(orderId)).calls).toBe(1);
    await audit();
  }, 90_000);

  it('after the seller was paid: the transfer of the rest is reversed, nothing more', async () => {
    const seller = await h.person('Pia');
    await h.onboard(seller);
    await eventually(
      async () => expect((await h.rpc.send(RPC.payments.getPayoutAccount, { actorId: seller })).status).toBe('active'),
      15_000,
    );
    const orderId = await partlyRefunded(seller);
    await eventually(async () => {
      expect((await h.money(orderId)).refundedAt).not.toBeNull();
      expect(await balance(seller)).toMatchObject({ held: '0.00', available: '0.00', paidOut: '18.00' });
    }, 20_000);
    // The payout's announcement names the bundle by its first item and how many items it holds.
    const announced = (await readStreamEvents<PayoutPaidEvent>(h.infra, EVENTS.payments.payoutPaid)).filter(
      (e) => e.data.orderId === orderId,
    );
    expect(announced.map((e) => e.data)).toEqual([expect.objectContaining({ amountCents: 1800, itemCount: 2 })]);
    await dispute(orderId, 'needs_response');
    await dispute(orderId, 'lost');
    await eventually(async () => {
      expect(await balance(seller)).toMatchObject({ held: '0.00', available: '0.00', paidOut: '0.00' });
      const [row] = await h.infra.database.query<{ reversed: boolean; amount_cents: string }>(
        'SELECT reversed, amount_cents FROM payments.test_transfers WHERE transfer_group = $1',
        [orderId],
      );
      expect(row).toEqual({ reversed: true, amount_cents: '1800' });
    }, 20_000);
    expect((await ledger(orderId)).accounts).toEqual({
      customer_payments: 0,
      held: 0,
      seller_balance: 0,
      seller_paid_out: 0,
      platform_fees: 0,
    });
    await audit();
  }, 90_000);

  it('before the refund: lost, the bank gives back all of it and the refund is never made; won, the refund goes out', async () => {
    const seller = await h.person('Lena');
    const lost = await partlyRefunded(seller, true);
    // Decided, but the refund waits for the dispute (the card networks refuse one meanwhile).
    expect(await h.get(lost, h.buyer)).toMatchObject({ cardDispute: { status: 'open', amount: '40.00' } });
    expect(await balance(seller)).toMatchObject({ held: '20.00', available: '18.00' });
    await dispute(lost, 'lost');
    expect(await ledger(lost)).toEqual({
      accounts: { customer_payments: 0, held: 0, seller_balance: 0, platform_fees: 0 },
      chargebacks: 1,
    });
    expect(await balance(seller)).toMatchObject({ held: '0.00', available: '0.00', paidOut: '0.00' });
    expect(await h.get(lost, h.buyer)).toMatchObject({ cardDispute: { status: 'lost', amount: '40.00' } });
    await audit();

    const won = await partlyRefunded(seller, true);
    await dispute(won, 'won');
    await eventually(async () => expect((await h.money(won)).refundedAt).not.toBeNull(), 15_000);
    expect(await refunded(won)).toEqual({ calls: 1, cents: 2000 });
    expect(await ledger(won)).toEqual({
      accounts: { customer_payments: -2000, held: 0, seller_balance: 1800, platform_fees: 200 },
      chargebacks: 0,
    });
    expect(await balance(seller)).toMatchObject({ held: '0.00', available: '18.00', paidOut: '0.00' });
    // The refund made, the buyer's bank could dispute only the rest now.
    expect(await h.get(won, h.buyer)).toMatchObject({ cardDispute: { status: 'won', amount: '20.00' } });
    expect((await refunded(lost)).calls).toBe(0);
    await audit();
  }, 90_000);
});

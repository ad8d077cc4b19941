import { EVENTS, RPC, type SellerStandingChangedEvent } from '@souvenir/contracts';
import { eventually, readStreamEvents } from '@souvenir/testing';
import { DataSource } from 'typeorm';
import { SellerRecords1735100000000 } from '../src/database/migrations/1735100000000-seller-records';
import { PayoutAccountsService } from '../src/payouts/payout-accounts.service';
import { OrderHarness } from './order-harness';

/*
 * A seller's record, on real Postgres/NATS with identity and catalog running: the standing that earns the
 * Verified badge (published by payments on activation, completion and restriction; identity decides, catalog's card
 * follows identity's profile event) and the track record's figures, counted in each transition's transaction.
 */
const h = new OrderHarness({ PAYMENTS_SWEEP_CRON: '0 0 1 1 *' });

beforeAll(() => h.start(), 60_000);
afterAll(() => h.stop());

async function standingsOf(sellerId: string): Promise<Omit<SellerStandingChangedEvent, 'occurredAt'>[]> {
  const events = await readStreamEvents<SellerStandingChangedEvent>(h.infra, EVENTS.payments.sellerStandingChanged);
  return events
    .map((e) => e.data)
    .filter((e) => e.sellerId === sellerId)
    .map(({ occurredAt: _at, ...standing }) => standing);
}

const isVerified = async (userId: string) => (await h.rpc.send(RPC.identity.getUser, { userId })).isVerified;
const trackRecord = (sellerId: string) => h.rpc.send(RPC.payments.getTrackRecord, { sellerId });

async function shipAndDeliver(orderId: string, seller: string): Promise<void> {
  await h.rpc.send(RPC.payments.shipOrder, { orderRef: orderId, actorId: seller, carrier: 'USPS' });
  await h.rpc.send(RPC.payments.markDelivered, { orderRef: orderId, actorId: h.buyer });
}

describe("a seller's standing and track record", () => {
  it('earns Verified with an active payout account and a completed sale, shows it on the card, and loses it when the account is restricted', async () => {
    const seller = await h.person('vera');
    expect(await trackRecord(seller)).toEqual({
      sellerId: seller,
      salesCompleted: 0,
      averageHoursToShip: null,
      ordersClosed: 0,
      cancelledUnshippedShare: null,
      refundedAfterClaimShare: null,
    });

    await h.onboard(seller);
    await eventually(
      async () =>
        expect(await standingsOf(seller)).toEqual([
          { sellerId: seller, payoutsActive: true, completedSales: 0, version: 1 },
        ]),
      15_000,
    );
    expect(await isVerified(seller)).toBe(false);

    const { orderId, productId } = await h.buy('member', seller);
    await shipAndDeliver(orderId, seller);
    await h.rpc.send(RPC.payments.confirmOrder, { orderRef: orderId, actorId: h.buyer });
    await eventually(
      async () =>
        expect((await standingsOf(seller)).at(-1)).toEqual({
          sellerId: seller,
          payoutsActive: true,
          completedSales: 1,
          version: 2,
        }),
      15_000,
    );
    await eventually(async () => expect(await isVerified(seller)).toBe(true), 15_000);
    // The product card's seller follows identity's profile event.
    await eventually(
      async () => expect((await h.rpc.send(RPC.catalog.getProduct, { productId })).seller.isVerified).toBe(true),
      15_000,
    );

    // The provider restricts the account (more details due): the badge goes.
    const [account] = await h.infra.database.query<{ id: string }>(
      'SELECT provider_account_id AS id FROM payments.payout_accounts WHERE seller_id = $1',
      [seller],
    );
    await h.payments.get(PayoutAccountsService).apply(
      {
        id: account.id,
        chargesEnabled: false,
        payoutsEnabled: false,
        detailsSubmitted: true,
        currentlyDue: ['individual.verification.document'],
        disabledReason: 'requirements.past_due',
        bankLast4: null,
      } as never,
      Math.floor(Date.now() / 1000) + 60,
    );
    await eventually(async () => expect(await isVerified(seller)).toBe(false), 15_000);
    expect((await standingsOf(seller)).map((s) => [s.payoutsActive, s.completedSales, s.version])).toEqual([
      [true, 0, 1],
      [true, 1, 2],
      [false, 1, 3],
    ]);
  }, 90_000);

  it('counts sales completed, time to ship, cancellations without shipping and refunds after a claim', async () => {
    const seller = await h.person('tom');
    // Completed.
    const completed = await h.buy('member', seller);
    await shipAndDeliver(completed.orderId, seller);
    await h.rpc.send(RPC.payments.confirmOrder, { orderRef: completed.orderId, actorId: h.buyer });
    // Cancelled by the seller, unasked: held against them.
    const dropped = await h.buy('member', seller);
    await h.rpc.send(RPC.payments.cancelOrder, { orderRef: dropped.orderId, actorId: seller, reason: 'Out of stock' });
    // Cancelled at the buyer's request: not held against the seller.
    const asked = await h.buy('member', seller);
    await h.rpc.send(RPC.payments.cancelOrder, {
      orderRef: asked.orderId,
      actorId: h.buyer,
      reason: 'Changed my mind',
    });
    await h.rpc.send(RPC.payments.cancelOrder, { orderRef: asked.orderId, actorId: seller, reason: 'As you asked' });
    // Refunded after the buyer's claim.
    const claimed = await h.buy('member', seller);
    await shipAndDeliver(claimed.orderId, seller);
    await h.rpc.send(RPC.payments.openClaim, {
      orderRef: claimed.orderId,
      actorId: h.buyer,
      reason: 'damaged',
      description: 'Broken in two',
    });
    await h.rpc.send(RPC.payments.respondToClaim, { orderRef: claimed.orderId, actorId: seller, accept: true });
    // Shipped a known time after the payment.
    await h.infra.database.query(
      `UPDATE payments.seller_records SET ship_seconds_total = 3 * 3600 + 1800 WHERE seller_id = $1`,
      [seller],
    );

    expect(await trackRecord(seller)).toEqual({
      sellerId: seller,
      salesCompleted: 1,
      averageHoursToShip: 1.8,
      ordersClosed: 4,
      cancelledUnshippedShare: 0.25,
      refundedAfterClaimShare: 0.25,
    });
    // Never verified: no payout account, whatever the sales.
    expect((await standingsOf(seller)).map((s) => [s.payoutsActive, s.completedSales])).toEqual([[false, 1]]);
    expect(await isVerified(seller)).toBe(false);
  }, 90_000);

  it('has its migration compute from the orders and accounts there are the records the transitions counted', async () => {
    const columns = `seller_id, payouts_active, completed_sales, shipped_orders, cancelled_unshipped,
      refunded_after_claim, closed_orders`;
    const records = () => h.infra.database.query(`SELECT ${columns} FROM payments.seller_records ORDER BY seller_id`);
    const counted = await records();
    expect(counted.length).toBeGreaterThanOrEqual(2);
    const runner = h.payments.get(DataSource).createQueryRunner();
    try {
      await runner.query('DROP TABLE payments.seller_records');
      await new SellerRecords1735100000000().up(runner);
    } finally {
      await runner.release();
    }
    expect(await records()).toEqual(counted);
  });
});

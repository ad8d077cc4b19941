import { ErrorCode, EVENTS, RPC, type PayoutPaidEvent, type PayoutsPageDto } from '@souvenir/contracts';
import { eventually, readStreamEvents } from '@souvenir/testing';
import { Client } from 'pg';
import { auditLedger } from '../src/ledger/ledger-audit';
import { MoneySweep } from '../src/orders/money-sweep';
import { PaymentProvider } from '../src/providers/payment-provider';
import { signedTestEvent } from '../src/providers/test-mode/test-webhooks';
import { errorOf, ONBOARDING_DETAILS, ONBOARDING_URLS, onboardingToken, OrderHarness } from './order-harness';

/*
 * Sellers get paid, in test mode, on real Postgres/NATS: onboarding through the test-mode provider's
 * page and its signed account.updated webhook, transfers on completion, waiting money paid on activation, refunds
 * that never reach the seller, card disputes, and the ledger audit after each story.
 */

// The sweeps' schedule is pushed out of the test's way: the sweep test calls it itself.
const h = new OrderHarness({ PLATFORM_FEE_PERCENT: '10', PAYMENTS_SWEEP_CRON: '0 0 1 1 *' });

beforeAll(() => h.start(), 60_000);
afterAll(() => h.stop());

const audit = async () => expect(await auditLedger((sql, params) => h.infra.database.query(sql, params))).toEqual([]);
const payouts = (actorId: string): Promise<PayoutsPageDto> => h.rpc.send(RPC.payments.listPayouts, { actorId });

/** Through the seller's steps and the buyer's "Everything is OK". */
async function complete(orderId: string): Promise<void> {
  await h.rpc.send(RPC.payments.shipOrder, { orderRef: orderId, actorId: h.seller, carrier: 'USPS' });
  await h.rpc.send(RPC.payments.markDelivered, { orderRef: orderId, actorId: h.buyer });
  await h.rpc.send(RPC.payments.confirmOrder, { orderRef: orderId, actorId: h.buyer });
}

async function onboard(actorId: string, overrides: Partial<typeof ONBOARDING_DETAILS> = {}): Promise<void> {
  expect((await h.onboard(actorId, overrides)).returnUrl).toBe(ONBOARDING_URLS.returnUrl);
}

describe('payouts', () => {
  it('holds the money until the order completes, keeps it in the balance without a payout account, and pays it once the account is active', async () => {
    expect(await h.rpc.send(RPC.payments.getPayoutAccount, { actorId: h.seller })).toMatchObject({
      status: 'not_set_up',
    });
    const { orderId } = await h.buy();
    expect((await h.get(orderId, h.buyer)).money).toMatchObject({ state: 'held', sellerAmount: '18.00', fee: '2.00' });
    expect((await payouts(h.seller)).balance).toMatchObject({ held: '20.00', available: '0.00', paidOut: '0.00' });
    await audit();

    await complete(orderId);
    expect((await h.get(orderId, h.seller)).money.state).toBe('awaiting_payout_account');
    const waiting = await payouts(h.seller);
    expect(waiting.balance).toMatchObject({ held: '0.00', available: '18.00', paidOut: '0.00' });
    expect(waiting.items).toEqual([
      expect.objectContaining({
        status: 'waiting',
        amount: '18.00',
        fee: '2.00',
        order: expect.objectContaining({ id: orderId, amount: '20.00' }),
      }),
    ]);
    await audit();

    // Onboarding: a link to the local page, details judged like Stripe's test values, account.updated delivered signed.
    const { url } = await h.rpc.send(RPC.payments.createPayoutAccount, { actorId: h.seller, ...ONBOARDING_URLS });
    expect(url).toMatch(/^http:\/\/localhost:3000\/payouts\/test-onboarding\/[A-Za-z0-9]+$/);
    expect(await h.rpc.send(RPC.payments.getTestOnboarding, { token: onboardingToken(url) })).toMatchObject({
      usable: true,
      email: 'sally@example.com',
    });
    await h.rpc.send(RPC.payments.completeTestOnboarding, { token: onboardingToken(url), ...ONBOARDING_DETAILS });
    const reused = await errorOf(
      h.rpc.send(RPC.payments.completeTestOnboarding, { token: onboardingToken(url), ...ONBOARDING_DETAILS }),
    );
    expect(reused?.code).toBe(ErrorCode.Conflict);
    expect(await h.rpc.send(RPC.payments.getTestOnboarding, { token: onboardingToken(url) })).toMatchObject({
      usable: false,
    });

    await eventually(async () => expect((await payouts(h.seller)).items[0].status).toBe('paid'), 15_000);
    expect(await h.rpc.send(RPC.payments.getPayoutAccount, { actorId: h.seller })).toMatchObject({
      status: 'active',
      bankLast4: '6789',
      requirementsDue: [],
    });
    const paid = await payouts(h.seller);
    expect(paid.balance).toMatchObject({ held: '0.00', available: '0.00', paidOut: '18.00' });
    expect((await h.get(orderId, h.buyer)).money).toMatchObject({ state: 'paid_to_seller', at: paid.items[0].paidAt });

    // The transfer is funded by the buyer's charge and grouped under the order, made once.
    // Announced once, with the ledger entry's figures.
    const announced = await eventually(async () => {
      const events = (await readStreamEvents<PayoutPaidEvent>(h.infra, EVENTS.payments.payoutPaid)).filter(
        (e) => e.data.orderId === orderId,
      );
      expect(events).toHaveLength(1);
      return events[0].data;
    });
    expect(announced).toMatchObject({ orderId, sellerId: h.seller, amountCents: 1800, currency: 'usd' });
    const transfers = await h.infra.database.query<{
      amount_cents: string;
      source_transaction: string;
      transfer_group: string;
    }>(
      'SELECT amount_cents, source_transaction, transfer_group FROM payments.test_transfers WHERE transfer_group = $1',
      [orderId],
    );
    expect(transfers).toEqual([
      { amount_cents: '1800', source_transaction: expect.stringMatching(/^ch_test_/), transfer_group: orderId },
    ]);
    await audit();
  }, 60_000);

  it('pays a sale of an active seller as soon as it completes; a claim refunded leaves the seller nothing and refunds the buyer once', async () => {
    const before = (await payouts(h.seller)).balance;
    const { orderId } = await h.buy();
    await complete(orderId);
    await eventually(async () => expect((await h.get(orderId, h.seller)).money.state).toBe('paid_to_seller'), 15_000);

    const claimed = await h.buy();
    await h.rpc.send(RPC.payments.shipOrder, { orderRef: claimed.orderId, actorId: h.seller, carrier: 'USPS' });
    await h.rpc.send(RPC.payments.openClaim, {
      orderRef: claimed.orderId,
      actorId: h.buyer,
      reason: 'damaged',
      description: 'Broken in two',
    });
    // The claim freezes the money, as the order's header says.
    expect((await h.get(claimed.orderId, h.buyer)).money.state).toBe('frozen');
    await h.rpc.send(RPC.payments.respondToClaim, { orderRef: claimed.orderId, actorId: h.seller, accept: true });
    await eventually(async () => expect((await h.get(claimed.orderId, h.buyer)).money.state).toBe('refunded'), 15_000);
    // The refund names the card it went back to.
    expect((await h.get(claimed.orderId, h.buyer)).money.cardLast4).toBe('4242');
    expect(await h.money(claimed.orderId)).toMatchObject({ refunded: true, refundCalls: 1 });
    const after = await payouts(h.seller);
    expect(Number(after.balance.paidOut) - Number(before.paidOut)).toBeCloseTo(18, 2);
    expect(after.balance).toMatchObject({ held: before.held, available: before.available });
    expect(after.items.some((p) => p.order.id === claimed.orderId)).toBe(false);
    await audit();
  }, 60_000);

  it('reports what the provider still needs, and a restricted account keeps the money in the balance', async () => {
    await onboard(h.stranger, { dateOfBirth: '1902-01-01' });
    await eventually(
      async () =>
        expect(await h.rpc.send(RPC.payments.getPayoutAccount, { actorId: h.stranger })).toMatchObject({
          status: 'restricted',
          requirementsDue: ['An identity document (your identity could not be verified)'],
        }),
      15_000,
    );
    // Page views read the provider at most every 10 s per account (reloads cannot become provider calls).
    const heardAt = async () =>
      (
        await h.infra.database.query<{ at: Date }>(
          'SELECT updated_at AS at FROM payments.payout_accounts WHERE seller_id = $1',
          [h.stranger],
        )
      )[0].at.getTime();
    await h.infra.database.query(
      `UPDATE payments.payout_accounts SET updated_at = now() - interval '1 minute' WHERE seller_id = $1`,
      [h.stranger],
    );
    await h.rpc.send(RPC.payments.getPayoutAccount, { actorId: h.stranger });
    const read = await heardAt();
    expect(Date.now() - read).toBeLessThan(5_000);
    for (let i = 0; i < 3; i++) await h.rpc.send(RPC.payments.getPayoutAccount, { actorId: h.stranger });
    expect(await heardAt()).toBe(read);
    const tooYoung = await errorOf(
      h.rpc.send(RPC.payments.completeTestOnboarding, {
        token: 'x'.repeat(24),
        ...ONBOARDING_DETAILS,
        dateOfBirth: '2020-01-01',
      }),
    );
    expect(tooYoung?.code).toBe(ErrorCode.ValidationFailed);
    const unknown = await errorOf(
      h.rpc.send(RPC.payments.completeTestOnboarding, { token: 'y'.repeat(24), ...ONBOARDING_DETAILS }),
    );
    expect(unknown?.code).toBe(ErrorCode.NotFound);
  }, 60_000);

  it('freezes the money of an order whose card is disputed, and a lost dispute takes it back from the seller (reversing a transfer)', async () => {
    const now = Math.floor(Date.now() / 1000);

    // Open while held: frozen; the order completes but its payout waits; lost: the bank took it, the seller earns nothing.
    const frozen = await h.buy();
    await h.sendDispute('charge.dispute.created', await h.chargeOf(frozen.orderId), 'needs_response', now);
    expect(await h.get(frozen.orderId, h.buyer)).toMatchObject({
      money: { state: 'frozen' },
      cardDispute: { status: 'open', reason: 'fraudulent' },
    });
    // Support sees it in its list of card disputes and may open the order; a member may not list them.
    const listed = await h.rpc.send(RPC.payments.listCardDisputes, { actorId: h.support });
    expect(listed.items.map((o) => o.id)).toContain(frozen.orderId);
    expect((await h.get(frozen.orderId, h.support)).viewer).toBe('support');
    expect((await errorOf(h.rpc.send(RPC.payments.listCardDisputes, { actorId: h.buyer })))?.code).toBe(
      ErrorCode.Forbidden,
    );
    await complete(frozen.orderId);
    expect((await h.get(frozen.orderId, h.seller)).money.state).toBe('frozen'); // completed, but nothing is paid while the dispute is open
    await h.sendDispute('charge.dispute.updated', await h.chargeOf(frozen.orderId), 'under_review', now - 5); // older: ignored
    await h.sendDispute('charge.dispute.closed', await h.chargeOf(frozen.orderId), 'lost', now + 1);
    expect((await h.get(frozen.orderId, h.seller)).money.state).toBe('charged_back');
    expect(
      (await h.rpc.send(RPC.payments.listCardDisputes, { actorId: h.support })).items.map((o) => o.id),
    ).not.toContain(frozen.orderId);
    await audit();

    // Lost after the seller was paid: the transfer is reversed.
    const paid = await h.buy();
    await complete(paid.orderId);
    await eventually(
      async () => expect((await h.get(paid.orderId, h.seller)).money.state).toBe('paid_to_seller'),
      15_000,
    );
    const before = (await payouts(h.seller)).balance;
    const closed = h.sendDispute('charge.dispute.closed', await h.chargeOf(paid.orderId), 'lost', now + 2);
    await closed;
    await closed; // the same delivery again changes nothing
    await eventually(async () => {
      const reversed = (await payouts(h.seller)).items.find((p) => p.order.id === paid.orderId);
      expect(reversed?.status).toBe('reversed');
    }, 15_000);
    const after = (await payouts(h.seller)).balance;
    expect(Number(before.paidOut) - Number(after.paidOut)).toBeCloseTo(18, 2);
    expect(after.available).toBe(before.available);
    const [{ reversed }] = await h.infra.database.query<{ reversed: boolean }>(
      'SELECT reversed FROM payments.test_transfers WHERE transfer_group = $1',
      [paid.orderId],
    );
    expect(reversed).toBe(true);
    await audit();

    // Lost while its transfer is on its way: the dispute finds nothing paid to reverse, so the transfer's record must.
    const provider = h.payments.get(PaymentProvider);
    const transfer = provider.createTransfer.bind(provider);
    const racing = await h.buy();
    jest.spyOn(provider, 'createTransfer').mockImplementationOnce(async (input) => {
      const transferId = await transfer(input);
      await h.sendDispute('charge.dispute.closed', await h.chargeOf(racing.orderId), 'lost', now + 3);
      return transferId;
    });
    await complete(racing.orderId);
    await eventually(async () => {
      const [row] = await h.infra.database.query<{ reversed: boolean }>(
        'SELECT reversed FROM payments.test_transfers WHERE transfer_group = $1',
        [racing.orderId],
      );
      expect(row?.reversed).toBe(true);
      expect((await payouts(h.seller)).items.find((p) => p.order.id === racing.orderId)?.status).toBe('reversed');
    }, 15_000);
    await audit();
  }, 90_000);

  it("an order completing while its seller's account is being activated gets its payout made, not parked", async () => {
    const seller = await h.person('seller');
    await h.rpc.send(RPC.payments.createPayoutAccount, { actorId: seller, ...ONBOARDING_URLS });
    const { orderId } = await h.buy('member', seller);
    await h.rpc.send(RPC.payments.shipOrder, { orderRef: orderId, actorId: seller, carrier: 'USPS' });
    await h.rpc.send(RPC.payments.markDelivered, { orderRef: orderId, actorId: h.buyer });
    // The activation's transaction, held open: the row written, its resumption of waiting payouts already run.
    const activation = new Client({ connectionString: h.infra.database.url, application_name: 'activation' });
    await activation.connect();
    try {
      await activation.query('BEGIN');
      await activation.query(`UPDATE payments.payout_accounts SET status = 'active' WHERE seller_id = $1`, [seller]);
      const confirmed = h.rpc.send(RPC.payments.confirmOrder, { orderRef: orderId, actorId: h.buyer });
      // The release waits for the activation rather than reading the account as it was before it.
      await eventually(async () => {
        const [{ n }] = await h.infra.database.query<{ n: string }>(
          `SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%payout_accounts%'`,
        );
        expect(Number(n)).toBe(1);
      }, 10_000);
      await activation.query('COMMIT');
      await confirmed;
    } finally {
      await activation.end();
    }
    const [payout] = await h.infra.database.query<{ status: string }>(
      'SELECT status FROM payments.payouts WHERE order_id = $1',
      [orderId],
    );
    expect(payout.status).not.toBe('waiting');
  }, 60_000);

  it('the money sweep restarts a payout and a refund whose jobs were lost (and only those)', async () => {
    const sold = await h.buy();
    await complete(sold.orderId);
    await eventually(
      async () => expect((await h.get(sold.orderId, h.seller)).money.state).toBe('paid_to_seller'),
      15_000,
    );
    const cancelled = await h.buy();
    // As if the jobs had given up: a payout left pending, a cancelled order never refunded, both older than the grace.
    await h.infra.database.query(
      `UPDATE payments.orders SET status = 'cancelled', updated_at = now() - interval '1 hour' WHERE id = $1`,
      [cancelled.orderId],
    );
    const stuck = await h.buy();
    await complete(stuck.orderId);
    await eventually(
      async () => expect((await h.get(stuck.orderId, h.seller)).money.state).toBe('paid_to_seller'),
      15_000,
    );
    await h.infra.database.query(`ALTER TABLE payments.ledger_entries DISABLE TRIGGER ledger_entries_append_only`);
    await h.infra.database.query(`ALTER TABLE payments.ledger_lines DISABLE TRIGGER ledger_lines_append_only`);
    try {
      // Undo the transfer's record, as if the job had died before the provider was called.
      await h.infra.database.query(
        `DELETE FROM payments.ledger_lines WHERE entry_id IN (SELECT id FROM payments.ledger_entries WHERE idempotency_key = $1)`,
        [`transfer:${stuck.orderId}`],
      );
      await h.infra.database.query(`DELETE FROM payments.ledger_entries WHERE idempotency_key = $1`, [
        `transfer:${stuck.orderId}`,
      ]);
    } finally {
      await h.infra.database.query(`ALTER TABLE payments.ledger_lines ENABLE TRIGGER ledger_lines_append_only`);
      await h.infra.database.query(`ALTER TABLE payments.ledger_entries ENABLE TRIGGER ledger_entries_append_only`);
    }
    await h.infra.database.query(`DELETE FROM payments.test_transfers WHERE transfer_group = $1`, [stuck.orderId]);
    await h.infra.database.query(
      `UPDATE payments.payouts SET status = 'pending', provider_transfer_id = NULL, paid_at = NULL, created_at = now() - interval '1 hour' WHERE order_id = $1`,
      [stuck.orderId],
    );

    expect(await h.payments.get(MoneySweep).sweep()).toBe(2);
    await eventually(async () => {
      expect((await h.get(stuck.orderId, h.seller)).money.state).toBe('paid_to_seller');
      expect((await h.get(cancelled.orderId, h.buyer)).money.state).toBe('refunded');
    }, 15_000);
    expect(await h.money(cancelled.orderId)).toMatchObject({ refunded: true, refundCalls: 1 });
    expect(await h.payments.get(MoneySweep).sweep()).toBe(0); // nothing left; the sold order was never touched
    await audit();
  }, 60_000);

  it('refuses an unsigned or forged webhook (400), and answers 404 for an onboarding link that does not exist', async () => {
    const { payload } = signedTestEvent('account.updated', { id: 'acct_test_x', object: 'account' });
    const forged = await errorOf(h.rpc.send(RPC.payments.handleWebhook, { payload, signature: 't=1,v1=deadbeef' }));
    expect(forged?.code).toBe(ErrorCode.ValidationFailed);
    const missing = await errorOf(h.rpc.send(RPC.payments.getTestOnboarding, { token: 'z'.repeat(24) }));
    expect(missing?.code).toBe(ErrorCode.NotFound);
  });

  it("pages a seller's payouts newest first without gaps or repeats", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: PayoutsPageDto = await h.rpc.send(RPC.payments.listPayouts, {
        actorId: h.seller,
        limit: 1,
        ...(cursor ? { cursor } : {}),
      });
      expect(page.items.length).toBeLessThanOrEqual(1);
      seen.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    const expected = await h.infra.database.query<{ id: string }>(
      'SELECT id FROM payments.payouts WHERE seller_id = $1 ORDER BY created_at DESC, id DESC',
      [h.seller],
    );
    expect(expected.length).toBeGreaterThan(1);
    expect(seen).toEqual(expected.map((r) => r.id));
  });

  it('the database refuses an entry that does not balance and any change to a written line', async () => {
    const [order] = await h.infra.database.query<{ id: string; seller_id: string }>(
      'SELECT id, seller_id FROM payments.orders WHERE paid_at IS NOT NULL LIMIT 1',
    );
    await expect(
      h.infra.database.query(
        `
      WITH e AS (INSERT INTO payments.ledger_entries (kind, idempotency_key, order_id) VALUES ('release', 'bad:' || gen_random_uuid(), $1) RETURNING id)
      INSERT INTO payments.ledger_lines (entry_id, account, seller_id, amount_cents) SELECT id, 'seller_balance', $2, 100 FROM e`,
        [order.id, order.seller_id],
      ),
    ).rejects.toThrow(/does not balance/);
    await expect(
      h.infra.database.query('UPDATE payments.ledger_lines SET amount_cents = amount_cents * 2'),
    ).rejects.toThrow(/append-only/);
    await expect(h.infra.database.query('DELETE FROM payments.ledger_entries')).rejects.toThrow(/append-only/);
    await audit();
  });
});

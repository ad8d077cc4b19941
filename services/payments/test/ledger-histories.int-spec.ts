import { RPC, type LedgerLineDto, type LedgerPageDto } from '@souvenir/contracts';
import { eventually } from '@souvenir/testing';
import fc from 'fast-check';
import { auditLedger } from '../src/ledger/ledger-audit';
import { signedTestEvent } from '../src/providers/test-mode/test-webhooks';
import { OrderHarness } from './order-harness';

/*
 * Property: whatever happens to a seller's orders, in whatever order (completed, cancelled, refunded after a claim,
 * released by support, left open, card disputes won or lost before or after completion) and whenever the seller's
 * payout account becomes active (or never), once the jobs have run every ledger rule holds, and the seller's
 * balances are exactly what the orders' outcomes say. Real services, real Postgres, real pg-boss jobs.
 */

const h = new OrderHarness({ PLATFORM_FEE_PERCENT: '5' });

type Outcome = 'complete' | 'cancel' | 'claimRefund' | 'supportRelease' | 'leaveHeld' | 'shipOnly';
type Dispute = 'none' | 'wonBefore' | 'lostBefore' | 'wonAfter' | 'lostAfter';
interface Story {
  outcome: Outcome;
  dispute: Dispute;
}

const story = fc.record({
  outcome: fc.constantFrom<Outcome>('complete', 'cancel', 'claimRefund', 'supportRelease', 'leaveHeld', 'shipOnly'),
  dispute: fc.constantFrom<Dispute>('none', 'none', 'wonBefore', 'lostBefore', 'wonAfter', 'lostAfter'),
});

beforeAll(() => h.start(), 60_000);
afterAll(() => h.stop());

let clock = Math.floor(Date.now() / 1000);

async function dispute(orderId: string, status: string): Promise<void> {
  const [{ charge }] = await h.infra.database.query<{ charge: string }>(
    'SELECT provider_charge_id AS charge FROM payments.orders WHERE id = $1',
    [orderId],
  );
  const { payload, signature } = signedTestEvent(
    `charge.dispute.${status === 'needs_response' ? 'created' : 'closed'}`,
    {
      id: `dp_${orderId}`,
      object: 'dispute',
      amount: 2000,
      currency: 'usd',
      charge,
      payment_intent: null,
      reason: 'fraudulent',
      status,
    },
    ++clock,
  );
  await h.rpc.send(RPC.payments.handleWebhook, { payload, signature });
}

/** Plays one order's story; answers what the seller should have earned from it (cents) and what stays held. */
async function play(
  seller: string,
  { outcome, dispute: cardDispute }: Story,
): Promise<{ earned: number; held: number }> {
  const { orderId } = await h.buy('member', seller);
  const order = <T extends object>(extra: T) => ({ orderRef: orderId, ...extra });
  if (cardDispute !== 'none') await dispute(orderId, 'needs_response');
  if (cardDispute === 'wonBefore') await dispute(orderId, 'won');
  if (cardDispute === 'lostBefore') await dispute(orderId, 'lost');
  const ship = () => h.rpc.send(RPC.payments.shipOrder, order({ actorId: seller, carrier: 'USPS' }));
  const claim = () =>
    h.rpc.send(RPC.payments.openClaim, order({ actorId: h.buyer, reason: 'damaged', description: 'Broken' }));
  switch (outcome) {
    case 'complete':
      await ship();
      await h.rpc.send(RPC.payments.markDelivered, order({ actorId: h.buyer }));
      await h.rpc.send(RPC.payments.confirmOrder, order({ actorId: h.buyer }));
      break;
    case 'cancel':
      await h.rpc.send(RPC.payments.cancelOrder, order({ actorId: seller, reason: 'Out of stock' }));
      break;
    case 'claimRefund':
      await ship();
      await claim();
      await h.rpc.send(RPC.payments.respondToClaim, order({ actorId: seller, accept: true }));
      break;
    case 'supportRelease': {
      await ship();
      await claim();
      await h.rpc.send(
        RPC.payments.respondToClaim,
        order({ actorId: seller, accept: false, statement: 'It was fine when I sent it' }),
      );
      const { claim: open } = await h.get(orderId, h.buyer);
      await h.rpc.send(RPC.payments.decideClaim, {
        claimId: open!.id,
        actorId: h.support,
        outcome: 'release',
        reason: 'Photos show good packing',
      });
      break;
    }
    case 'shipOnly':
      await ship();
      break;
    case 'leaveHeld':
      break;
  }
  if (cardDispute === 'wonAfter') await dispute(orderId, 'won');
  if (cardDispute === 'lostAfter') await dispute(orderId, 'lost');
  const lost = cardDispute === 'lostBefore' || cardDispute === 'lostAfter';
  const completed = outcome === 'complete' || outcome === 'supportRelease';
  const open = outcome === 'leaveHeld' || outcome === 'shipOnly';
  return { earned: completed && !lost ? 1900 : 0, held: open && !lost ? 2000 : 0 };
}

/** Every job done: no payout on its way, no refund or reversal outstanding. */
async function settled(): Promise<void> {
  await eventually(
    async () => {
      const [busy] = await h.infra.database.query<{ n: string }>(`
      SELECT (SELECT count(*) FROM payments.payouts WHERE status = 'pending')
           + (SELECT count(*) FROM payments.orders WHERE status IN ('cancelled', 'refunded') AND paid_at IS NOT NULL AND refunded_at IS NULL
                AND card_dispute_status IS DISTINCT FROM 'lost')
           + (SELECT count(*) FROM payments.payouts p JOIN payments.orders o ON o.id = p.order_id WHERE o.card_dispute_status = 'lost' AND p.status = 'paid')
           + (SELECT count(*) FROM payments_jobs.job WHERE name = 'payments.test-webhook-delivery' AND state IN ('created', 'retry', 'active')) AS n`);
      expect(Number(busy.n)).toBe(0);
    },
    30_000,
    200,
  );
}

type Balances = { held: string; available: string; paidOut: string };

/**
 * The seller's ledger, read a page of one entry at a time (every cursor used): each line's balances are the older
 * line's plus its change, and the newest line's are the balances the cards show.
 */
async function expectLedgerAddsUp(seller: string, balance: Balances): Promise<void> {
  const lines: LedgerLineDto[] = [];
  let cursor: string | null = null;
  do {
    const page: LedgerPageDto = await h.rpc.send(RPC.payments.listLedger, {
      actorId: seller,
      limit: 1,
      ...(cursor ? { cursor } : {}),
    });
    lines.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  const keys = ['held', 'available', 'paidOut'] as const;
  const pick = (b: Balances) => keys.map((k) => cents(b[k]));
  expect(pick(lines[0]!.balanceAfter)).toEqual(pick(balance));
  lines.forEach((line, i) => {
    const older = lines[i + 1]?.balanceAfter ?? { held: '0', available: '0', paidOut: '0' };
    expect(pick(line.balanceAfter)).toEqual(keys.map((k) => cents(older[k]) + cents(line.change[k])));
  });
  // Every release has its fee line (5 %: $1.00 of $20.00), just above it.
  lines.forEach((line, i) => {
    if (line.kind === 'released') expect(lines[i - 1]).toMatchObject({ kind: 'fee', change: { available: '-1.00' } });
  });
  expect(new Set(lines.map((line) => line.id)).size).toBe(lines.length);
}

it("every random history of a seller's orders leaves the ledger audited clean and the balances equal to the outcomes", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(story, { minLength: 1, maxLength: 4 }),
      fc.nat({ max: 5 }),
      async (stories, activateAt) => {
        const seller = await h.person('seller');
        const totals = { earned: 0, held: 0 };
        for (const [i, s] of stories.entries()) {
          if (i === activateAt) await h.onboard(seller);
          const { earned, held } = await play(seller, s);
          totals.earned += earned;
          totals.held += held;
        }
        await settled();
        expect(await auditLedger((sql, params) => h.infra.database.query(sql, params))).toEqual([]);
        const { balance } = await h.rpc.send(RPC.payments.listPayouts, { actorId: seller });
        const cents = (amount: string) => Math.round(Number(amount) * 100);
        expect(cents(balance.held)).toBe(totals.held);
        expect(cents(balance.available) + cents(balance.paidOut)).toBe(totals.earned);
        // Money reaches the seller only through an active account.
        expect(cents(balance.paidOut)).toBe(activateAt < stories.length ? totals.earned : 0);
        await expectLedgerAddsUp(seller, balance);
      },
    ),
    { numRuns: 8, endOnFailure: true },
  );
}, 300_000);

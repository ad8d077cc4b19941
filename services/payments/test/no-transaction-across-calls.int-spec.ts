import { AsyncLocalStorage } from 'node:async_hooks';
import { RPC } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { eventually } from '@souvenir/testing';
import { DataSource } from 'typeorm';
import { PaymentProvider } from '../src/providers/payment-provider';
import { OrderHarness, SUCCEEDING_CARD } from './order-harness';

/*
 * Money safety: no payments transaction (and so no row lock or pooled connection) is ever held while the service
 * waits on the network, whether on the payment provider or on another service. Every transaction of the payments
 * process runs inside an async context that the test marks; every provider call and every request to another
 * service checks, as it starts, that it is not inside one. The stories below drive each path that calls out:
 * checkout, payment, a checkout closed because the item sold, cancellation and its refund, a claim refunded by
 * support, onboarding, a payout's transfer, a lost card dispute and its reversal, and the success page's reconcile.
 */

const h = new OrderHarness({ PLATFORM_FEE_PERCENT: '10', PAYMENTS_SWEEP_CRON: '0 0 1 1 *' });
const inTransaction = new AsyncLocalStorage<true>();
const calls = new Set<string>();
const violations: string[] = [];

/** Wraps an object's methods so that each records its call and whether it started inside a transaction. */
function watch(target: object, names: string[], label: string): void {
  const methods = target as Record<string, (...args: unknown[]) => unknown>;
  for (const name of names) {
    const original = methods[name].bind(target);
    methods[name] = (...args: unknown[]) => {
      calls.add(`${label}.${name}`);
      if (inTransaction.getStore()) violations.push(`${label}.${name}`);
      return original(...args);
    };
  }
}

beforeAll(async () => {
  await h.start();
  const manager = h.payments.get(DataSource).manager;
  const transaction = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
  (manager as unknown as { transaction: (...args: unknown[]) => Promise<unknown> }).transaction = (...args) =>
    inTransaction.run(true, () => transaction(...args));
  watch(
    h.payments.get(PaymentProvider),
    [
      'createIntent',
      'retrieveIntent',
      'refund',
      'cancel',
      'createAccount',
      'retrieveAccount',
      'createAccountLink',
      'createTransfer',
      'reverseTransfer',
    ],
    'provider',
  );
  watch(h.payments.get(RpcClient), ['send'], 'rpc');
}, 60_000);
afterAll(() => h.stop());

const shipping = { billingStreet: '1 Main St', billingCity: 'Springfield', billingZip: '10001', sameAsDelivery: true };
const payoutStatus = async (orderId: string) =>
  (
    await h.infra.database.query<{ status: string }>('SELECT status FROM payments.payouts WHERE order_id = $1', [
      orderId,
    ])
  )[0]?.status;

it('the detector sees a provider call made inside a transaction', async () => {
  const manager = h.payments.get(DataSource).manager;
  await manager.transaction(() =>
    h.payments
      .get(PaymentProvider)
      .retrieveIntent('pi_test_missing')
      .catch(() => null),
  );
  expect(violations).toEqual(['provider.retrieveIntent']);
  violations.length = 0;
  calls.clear();
});

it('checkout, payment, sale, refunds, payout, dispute and reconcile: no network call inside a transaction', async () => {
  // Two checkouts of one item: a guest's stays open, the member pays; the guest's is closed and its intent cancelled.
  const product = await h.listProduct();
  const guest = await h.rpc.send(RPC.payments.createIntent, {
    productId: product.id,
    amount: '20.00',
    guestInfo: { ...shipping, email: 'gia@example.com', firstName: 'Gia', lastName: 'Guest' },
  });
  const member = await h.rpc.send(RPC.payments.createIntent, {
    productId: product.id,
    amount: '20.00',
    actorId: h.buyer,
    guestInfo: shipping,
  });
  await h.rpc.send(RPC.payments.confirmTestPayment, { clientSecret: member.clientSecret, card: SUCCEEDING_CARD });
  expect(
    await h.rpc.send(RPC.payments.reconcile, { paymentIntentId: member.paymentIntentId, actorId: h.buyer }),
  ).toMatchObject({ status: 'paid' });
  await eventually(async () => {
    const [intent] = await h.infra.database.query<{ status: string }>(
      'SELECT status FROM payments.test_intents WHERE id = $1',
      [guest.paymentIntentId],
    );
    expect(intent.status).toBe('canceled');
  }, 15_000);

  // Cancelled by the seller: refunded by the job.
  const cancelled = await h.buy();
  await h.rpc.send(RPC.payments.cancelOrder, { orderRef: cancelled.orderId, actorId: h.seller, reason: 'Broken' });
  await eventually(async () => expect((await h.money(cancelled.orderId)).refundCalls).toBe(1), 15_000);

  // A claim support decides for the buyer: refunded by the job.
  const claimed = await h.buy();
  await h.rpc.send(RPC.payments.shipOrder, { orderRef: claimed.orderId, actorId: h.seller, carrier: 'USPS' });
  await h.rpc.send(RPC.payments.markDelivered, { orderRef: claimed.orderId, actorId: h.buyer });
  const opened = await h.rpc.send(RPC.payments.openClaim, {
    orderRef: claimed.orderId,
    actorId: h.buyer,
    reason: 'damaged',
    description: 'The lid is cracked in two places.',
  });
  await h.rpc.send(RPC.payments.decideClaim, {
    claimId: opened.claim!.id,
    actorId: h.support,
    outcome: 'refund',
    reason: 'Photos show the damage',
  });
  await eventually(async () => expect((await h.money(claimed.orderId)).refundCalls).toBe(1), 15_000);

  // Onboarded, completed, paid out; then a lost card dispute takes the transfer back.
  await h.onboard(h.seller);
  await eventually(
    async () =>
      expect(await h.rpc.send(RPC.payments.getPayoutAccount, { actorId: h.seller })).toMatchObject({
        status: 'active',
      }),
    15_000,
  );
  const sold = await h.buy();
  await h.rpc.send(RPC.payments.shipOrder, { orderRef: sold.orderId, actorId: h.seller, carrier: 'USPS' });
  await h.rpc.send(RPC.payments.markDelivered, { orderRef: sold.orderId, actorId: h.buyer });
  await h.rpc.send(RPC.payments.confirmOrder, { orderRef: sold.orderId, actorId: h.buyer });
  await eventually(async () => expect(await payoutStatus(sold.orderId)).toBe('paid'), 15_000);
  await h.sendDispute('charge.dispute.closed', await h.chargeOf(sold.orderId), 'lost', Math.floor(Date.now() / 1000));
  await eventually(async () => expect(await payoutStatus(sold.orderId)).toBe('reversed'), 15_000);

  expect([...calls].sort()).toEqual(
    expect.arrayContaining([
      'provider.cancel',
      'provider.createAccount',
      'provider.createAccountLink',
      'provider.createIntent',
      'provider.createTransfer',
      'provider.refund',
      'provider.retrieveIntent',
      'provider.reverseTransfer',
      'rpc.send',
    ]),
  );
  expect(violations).toEqual([]);
});

import { AsyncLocalStorage } from 'node:async_hooks';
import { RPC } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { eventually } from '@souvenir/testing';
import { DataSource } from 'typeorm';
import { PaymentProvider } from '../src/providers/payment-provider';
import { signedTestEvent } from '../src/providers/test-webhooks';
import { OrderHarness } from './order-harness';

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

const card = {
  number: '4242424242424242',
  expMonth: '12',
  expYear: String(new Date().getUTCFullYear() + 2),
  cvc: '123',
  postalCode: '10001',
};
const shipping = { billingStreet: '1 Main St', billingCity: 'Springfield', billingZip: '10001', sameAsDelivery: true };
const chargeOf = async (orderId: string) =>
  (
    await h.infra.database.query<{ c: string }>('SELECT provider_charge_id AS c FROM payments.orders WHERE id = $1', [
      orderId,
    ])
  )[0].c;
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
  const product = await h.rpc.send(RPC.catalog.createProduct, {
    actorId: h.seller,
    product: {
      title: 'Lacquered box',
      description: 'A lovely handmade souvenir brought home from far away.',
      price: 20,
      condition: 'new',
      category: 'Art & Crafts',
      country: 'Japan',
      images: ['https://example.com/s.jpg'],
      isCustomsVerified: true,
    },
  });
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
  await h.rpc.send(RPC.payments.confirmTestPayment, { clientSecret: member.clientSecret, card });
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
  const { url } = await h.rpc.send(RPC.payments.createPayoutAccount, {
    actorId: h.seller,
    returnUrl: 'http://localhost:3000/profile/payouts?onboarding=return',
    refreshUrl: 'http://localhost:3000/profile/payouts?onboarding=refresh',
  });
  await h.rpc.send(RPC.payments.completeTestOnboarding, {
    token: new URL(url).pathname.split('/').pop()!,
    legalName: 'Sally Test',
    dateOfBirth: '1901-01-01',
    addressLine: '1 Main St',
    city: 'Springfield',
    postalCode: '10001',
    routingNumber: '110000000',
    accountNumber: '000123456789',
  });
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
  const chargeId = await chargeOf(sold.orderId);
  const { payload, signature } = signedTestEvent(
    'charge.dispute.closed',
    {
      id: `dp_test_${chargeId.slice(-8)}`,
      object: 'dispute',
      amount: 2000,
      currency: 'usd',
      charge: chargeId,
      payment_intent: null,
      reason: 'fraudulent',
      status: 'lost',
    },
    Math.floor(Date.now() / 1000),
  );
  await h.rpc.send(RPC.payments.handleWebhook, { payload, signature });
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

import { eventually, type TestInfra } from '@souvenir/testing';
import type request from 'supertest';
import { goodCard, type Account } from './gateway-harness';

/**
 * The end of a race of checkouts on one item: every card confirmed and reconciled at once, as that many success pages
 * do. Answers each buyer's reconcile body; a confirm or reconcile may refuse (the item sold meanwhile), never 5xx.
 */
export async function payAllAtOnce(
  http: ReturnType<typeof request>,
  intents: { clientSecret: string; paymentIntentId: string }[],
  buyers: Account[],
): Promise<{ status: string }[]> {
  return Promise.all(
    intents.map(async (intent, i) => {
      const confirmed = await http
        .post('/api/payments/test-confirm')
        .send({ clientSecret: intent.clientSecret, card: goodCard });
      expect(confirmed.status).toBeLessThan(500);
      const res = await http
        .post('/api/payments/reconcile')
        .set('Cookie', buyers[i]!.cookie)
        .send({ paymentIntentId: intent.paymentIntentId });
      expect(res.status).toBeLessThan(500);
      return res.body as { status: string };
    }),
  );
}

/**
 * One sale of `productId` among the race's `checkouts` orders holding it (alone or in a bundle); the provider
 * cancelled every other authorisation, none captured or refunded: nobody charged for nothing.
 */
export async function expectOneSaleNobodyCharged(infra: TestInfra, productId: string, checkouts: number) {
  const sales = await infra.database.query(`SELECT order_id FROM payments.order_items WHERE product_id = $1 AND sold`, [
    productId,
  ]);
  expect(sales).toHaveLength(1);
  await eventually(async () => {
    const rows = await infra.database.query<{ status: string; capture_calls: number; refund_calls: number }>(
      `SELECT t.status, t.capture_calls, t.refund_calls FROM payments.test_intents t
         JOIN payments.orders o ON o.provider_payment_id = t.id
        WHERE o.id IN (SELECT order_id FROM payments.order_items WHERE product_id = $1)`,
      [productId],
    );
    expect(rows).toHaveLength(checkouts);
    const notCharged = rows.filter((r) => r.status === 'canceled');
    expect(notCharged).toHaveLength(checkouts - 1);
    expect(notCharged.every((r) => r.capture_calls === 0 && r.refund_calls === 0)).toBe(true);
  }, 30_000);
}

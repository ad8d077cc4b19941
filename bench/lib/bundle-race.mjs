// Bundle checkouts (`--only bundles`): per round, the seller lists 3 items at $20; 20 bench buyers each start a
// checkout at once, half a bundle of all 3 (one payment of $60, no discount) and half the first item alone, then all
// 20 confirm the test card and reconcile at once, as 20 success pages do. Checked every round: the shared item is sold
// once (one paid order holds it), the other 19 authorisations are cancelled by the test-mode provider (none captured
// or refunded). Reported: the latencies of bundle and single checkouts and of the confirm + reconcile, the race's wall
// time (first confirm sent → last answer) and the time until the 19th cancellation.
import { checkoutAll, deliveryTo, listing, payAllAtOnce, raceRounds } from './checkout-race.mjs';
import { percentiles } from './stats.mjs';

const ITEMS = 3;

async function oneRound({ base, db, seller, buyers, round }) {
  const items = [];
  for (let i = 0; i < ITEMS; i++)
    items.push(
      await listing(base, seller, {
        title: `Bundle race tile ${round}.${i + 1}`,
        description: 'A hand-painted tile from a family workshop, wrapped in newspaper for the flight home.',
        price: 20,
        country: 'Portugal',
      }),
    );
  const ids = items.map((item) => item.id);
  const guestInfo = deliveryTo(items[0].shipsFrom);
  const isBundle = (i) => i % 2 === 0;
  const checkouts = await checkoutAll(base, buyers, (_, i) =>
    isBundle(i)
      ? { productIds: ids, amount: (20 * ITEMS).toFixed(2), guestInfo }
      : { productId: ids[0], amount: '20.00', guestInfo },
  );
  const race = await payAllAtOnce({
    base,
    db,
    buyers,
    checkouts,
    intentsSql: `SELECT status, capture_calls, refund_calls FROM payments.test_intents WHERE id = ANY($1::text[])`,
    param: checkouts.map((c) => c.value.paymentIntentId),
  });
  const {
    rows: [{ sales }],
  } = await db.query(`SELECT count(*)::int AS sales FROM payments.order_items WHERE product_id = $1 AND sold`, [
    ids[0],
  ]);
  return {
    ...race,
    sales,
    bundleCheckoutMs: checkouts.filter((_, i) => isBundle(i)).map((c) => c.ms),
    singleCheckoutMs: checkouts.filter((_, i) => !isBundle(i)).map((c) => c.ms),
    bundleWon: race.outcomes.some((o, i) => isBundle(i) && o.value.status === 'paid'),
  };
}

/** `rounds` races; throws if any round sold the shared item twice, sold nothing, or charged a loser. */
export const bundleRace = (options) =>
  raceRounds('bundle race', options, oneRound, (results) => ({
    bundleWon: results.filter((r) => r.bundleWon).length,
    bundleCheckoutMs: percentiles(results.flatMap((r) => r.bundleCheckoutMs)),
    singleCheckoutMs: percentiles(results.flatMap((r) => r.singleCheckoutMs)),
  }));

// Bundle checkouts (`--only bundles`): per round, the seller lists 3 items at $20; 20 bench buyers each start a
// checkout at once, half a bundle of all 3 (one payment of $60, no discount) and half the first item alone, then all
// 20 confirm the test card and reconcile at once, as 20 success pages do. Checked every round: the shared item is sold
// once (one paid order holds it), the other 19 authorisations are cancelled by the test-mode provider (none captured
// or refunded). Reported: the latencies of bundle and single checkouts and of the confirm + reconcile, the race's wall
// time (first confirm sent → last answer) and the time until the 19th cancellation.
import pg from 'pg';
import { call } from './http.mjs';
import { percentiles } from './stats.mjs';

const BUYERS = 20;
const ITEMS = 3;
const goodCard = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123', postalCode: '10001' };

/** A postcode of each country the seed's people live in (bench/lib/seed.mjs LOCATIONS). */
const POSTCODES = {
  'United States': '10001',
  'United Kingdom': 'SW1A 1AA',
  Canada: 'K1A 0B1',
  Australia: '2000',
  Germany: '10115',
  France: '75001',
  Netherlands: '1012 AB',
  Ireland: 'D01 X2Y3',
};

const json = async (promise) => (await promise).json();
const timed = async (fn) => {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
};

const listing = (base, seller, title) =>
  json(
    call(base, '/api/products', {
      method: 'POST',
      cookie: seller.cookie,
      expect: [201],
      body: {
        title,
        description: 'A hand-painted tile from a family workshop, wrapped in newspaper for the flight home.',
        price: 20,
        condition: 'new',
        category: 'Home Decor',
        country: 'Portugal',
        images: [`${base}/placeholder.svg`],
        isCustomsVerified: true,
      },
    }),
  );

async function oneRound({ base, db, seller, buyers, round }) {
  const items = [];
  for (let i = 0; i < ITEMS; i++) items.push(await listing(base, seller, `Bundle race tile ${round}.${i + 1}`));
  const ids = items.map((item) => item.id);
  // Delivery is domestic: to the seller's country (one of the seed's eight), with a postcode of that country.
  const guestInfo = {
    billingStreet: '1 Bench Street',
    billingCity: 'Lisbon',
    billingZip: POSTCODES[items[0].shipsFrom] ?? '10001',
    billingCountry: items[0].shipsFrom,
    sameAsDelivery: true,
  };
  const isBundle = (i) => i % 2 === 0;
  const checkouts = await Promise.all(
    buyers.map((buyer, i) =>
      timed(() =>
        json(
          call(base, '/api/create-payment-intent', {
            method: 'POST',
            cookie: buyer.cookie,
            body: isBundle(i)
              ? { productIds: ids, amount: (20 * ITEMS).toFixed(2), guestInfo }
              : { productId: ids[0], amount: '20.00', guestInfo },
          }),
        ),
      ),
    ),
  );
  const raceStart = performance.now();
  const outcomes = await Promise.all(
    checkouts.map(({ value: intent }, i) =>
      timed(async () => {
        await call(base, '/api/payments/test-confirm', {
          method: 'POST',
          body: { clientSecret: intent.clientSecret, card: goodCard },
        });
        return json(
          call(base, '/api/payments/reconcile', {
            method: 'POST',
            cookie: buyers[i].cookie,
            body: { paymentIntentId: intent.paymentIntentId },
            expect: [200, 409],
          }),
        );
      }),
    ),
  );
  const raceMs = performance.now() - raceStart;
  const paid = outcomes.filter((o) => o.value.status === 'paid').length;
  const {
    rows: [{ sales }],
  } = await db.query(`SELECT count(*)::int AS sales FROM payments.order_items WHERE product_id = $1 AND sold`, [
    ids[0],
  ]);
  const intentIds = checkouts.map((c) => c.value.paymentIntentId);
  // The losers' authorisations are cancelled after the race (at once, or by the settle job): wait for the 19th.
  let intents = [];
  for (let waited = 0; waited < 60_000; waited += 100) {
    ({ rows: intents } = await db.query(
      `SELECT status, capture_calls, refund_calls FROM payments.test_intents WHERE id = ANY($1::text[])`,
      [intentIds],
    ));
    if (intents.filter((r) => r.status === 'canceled').length >= BUYERS - 1) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const cancelledMs = performance.now() - raceStart;
  const canceled = intents.filter((r) => r.status === 'canceled');
  return {
    bundleCheckoutMs: checkouts.filter((_, i) => isBundle(i)).map((c) => c.ms),
    singleCheckoutMs: checkouts.filter((_, i) => !isBundle(i)).map((c) => c.ms),
    payMs: outcomes.map((o) => o.ms),
    raceMs,
    cancelledMs,
    paid,
    sales,
    canceled: canceled.length,
    loserCaptures: canceled.filter((r) => r.capture_calls > 0 || r.refund_calls > 0).length,
    bundleWon: outcomes.some((o, i) => isBundle(i) && o.value.status === 'paid'),
  };
}

/** `rounds` races; throws if any round sold the shared item twice, sold nothing, or charged a loser. */
export async function bundleRace({ base, dbUrl, seller, buyers, rounds }) {
  if (buyers.length < BUYERS) throw new Error(`bundle race: ${BUYERS} buyers needed, ${buyers.length} signed in`);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const results = [];
  try {
    for (let round = 1; round <= rounds; round++)
      results.push(await oneRound({ base, db, seller, buyers: buyers.slice(0, BUYERS), round }));
  } finally {
    await db.end();
  }
  const bad = results.filter((r) => r.sales !== 1 || r.paid !== 1 || r.canceled !== BUYERS - 1 || r.loserCaptures);
  const report = {
    rounds,
    buyers: BUYERS,
    oneSaleEveryRound: bad.length === 0,
    bundleWon: results.filter((r) => r.bundleWon).length,
    loserCaptures: results.reduce((n, r) => n + r.loserCaptures, 0),
    bundleCheckoutMs: percentiles(results.flatMap((r) => r.bundleCheckoutMs)),
    singleCheckoutMs: percentiles(results.flatMap((r) => r.singleCheckoutMs)),
    confirmAndReconcileMs: percentiles(results.flatMap((r) => r.payMs)),
    raceWallMs: percentiles(results.map((r) => r.raceMs)),
    allCancelledMs: percentiles(results.map((r) => r.cancelledMs)),
  };
  if (bad.length) throw new Error(`bundle race: ${bad.length} of ${rounds} rounds broke: ${JSON.stringify(bad[0])}`);
  return report;
}

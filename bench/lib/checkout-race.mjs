// What the checkout races (`offer-race.mjs`, `bundle-race.mjs`) share: 20 bench buyers, the test card, a domestic
// delivery, the confirm + reconcile of every checkout at once (as 20 success pages do), the wait for the losers'
// authorisations to be cancelled, and the rounds with their checks.
import pg from 'pg';
import { call } from './http.mjs';
import { percentiles } from './stats.mjs';

export const BUYERS = 20;
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

export const json = async (promise) => (await promise).json();

export const timed = async (fn) => {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
};

/** Delivery is domestic: to the seller's country (one of the seed's eight), with a postcode of that country. */
export const deliveryTo = (country) => ({
  billingStreet: '1 Bench Street',
  billingCity: 'Dublin',
  billingZip: POSTCODES[country] ?? '10001',
  billingCountry: country,
  sameAsDelivery: true,
});

/** A new listing of the seller's, through the gateway. */
export const listing = (base, seller, fields) =>
  json(
    call(base, '/api/products', {
      method: 'POST',
      cookie: seller.cookie,
      expect: [201],
      body: {
        condition: 'new',
        category: 'Home Decor',
        images: [`${base}/placeholder.svg`],
        isCustomsVerified: true,
        ...fields,
      },
    }),
  );

/** Each buyer starts the checkout `bodyOf(buyer, i)` at once; answers the intents with their latencies. */
export const checkoutAll = (base, buyers, bodyOf) =>
  Promise.all(
    buyers.map((buyer, i) =>
      timed(() =>
        json(
          call(base, '/api/create-payment-intent', { method: 'POST', cookie: buyer.cookie, body: bodyOf(buyer, i) }),
        ),
      ),
    ),
  );

/**
 * Every checkout confirms the test card and reconciles at once; then waits (up to a minute) until all but one of the
 * round's authorisations (`intentsSql` with `param`: status, capture_calls, refund_calls) are cancelled, at once or
 * by the settle job.
 */
export async function payAllAtOnce({ base, db, buyers, checkouts, intentsSql, param }) {
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
  let intents = [];
  for (let waited = 0; waited < 60_000; waited += 100) {
    ({ rows: intents } = await db.query(intentsSql, [param]));
    if (intents.filter((r) => r.status === 'canceled').length >= buyers.length - 1) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const canceled = intents.filter((r) => r.status === 'canceled');
  return {
    outcomes,
    raceMs,
    cancelledMs: performance.now() - raceStart,
    paid: outcomes.filter((o) => o.value.status === 'paid').length,
    intents,
    canceled: canceled.length,
    loserCaptures: canceled.filter((r) => r.capture_calls > 0 || r.refund_calls > 0).length,
  };
}

/**
 * `rounds` rounds of `oneRound({ base, db, seller, buyers, round })` (each answering sales, paid, canceled,
 * loserCaptures and its latencies); throws if any round sold twice, sold nothing, or charged a loser. Answers the
 * common figures and `summarise(results)`'s.
 */
export async function raceRounds(name, { base, dbUrl, seller, buyers, rounds }, oneRound, summarise) {
  if (buyers.length < BUYERS) throw new Error(`${name}: ${BUYERS} buyers needed, ${buyers.length} signed in`);
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
  if (bad.length) throw new Error(`${name}: ${bad.length} of ${rounds} rounds broke: ${JSON.stringify(bad[0])}`);
  return {
    rounds,
    buyers: BUYERS,
    oneSaleEveryRound: true,
    loserCaptures: 0,
    ...summarise(results),
    confirmAndReconcileMs: percentiles(results.flatMap((r) => r.outcomes.map((o) => o.ms))),
    raceWallMs: percentiles(results.map((r) => r.raceMs)),
    allCancelledMs: percentiles(results.map((r) => r.cancelledMs)),
  };
}

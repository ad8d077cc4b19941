// The race of 20 buyers on an item with an accepted offer (`--only offers`): per round, the seller lists an item at
// $40, one bench buyer offers $30 and the seller accepts; then the 20 bench buyers each start a checkout (the offer's
// buyer at the offer's amount, the 19 others at the price) and all 20 confirm the test card and reconcile at once, as
// 20 success pages do. Checked every round: one paid order for the item, the 19 other authorisations cancelled by the
// test-mode provider (none captured or refunded). Reported: the latencies of the checkouts and of the confirm +
// reconcile, the race's wall time (first confirm sent → last answer) and the time until the 19th cancellation.
import pg from 'pg';
import { call } from './http.mjs';
import { percentiles } from './stats.mjs';

const BUYERS = 20;
const goodCard = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123', postalCode: '10001' };
const guestInfo = {
  billingStreet: '1 Bench Street',
  billingCity: 'Dublin',
  billingZip: 'D01 X2Y3',
  sameAsDelivery: true,
};

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

async function oneRound({ base, db, seller, buyers, round }) {
  const item = await json(
    call(base, '/api/products', {
      method: 'POST',
      cookie: seller.cookie,
      expect: [201],
      body: {
        title: `Offer race rug ${round}`,
        description: 'A hand-woven rug from the highlands, rolled tight for the journey home.',
        price: 40,
        condition: 'like-new',
        category: 'Home Decor',
        country: 'Peru',
        images: [`${base}/placeholder.svg`],
        isCustomsVerified: true,
      },
    }),
  );
  const [withOffer] = buyers;
  // Delivery is domestic: to the seller's country (one of the seed's eight), with a postcode of that country.
  const delivery = {
    ...guestInfo,
    billingCountry: item.shipsFrom,
    billingZip: POSTCODES[item.shipsFrom] ?? guestInfo.billingZip,
  };
  const offer = await json(
    call(base, '/api/offers', {
      method: 'POST',
      cookie: withOffer.cookie,
      expect: [201],
      body: { productId: item.id, amount: '30.00' },
    }),
  );
  await call(base, `/api/offers/${offer.id}/accept`, { method: 'POST', cookie: seller.cookie, body: {} });

  const checkouts = await Promise.all(
    buyers.map((buyer) =>
      timed(() =>
        json(
          call(base, '/api/create-payment-intent', {
            method: 'POST',
            cookie: buyer.cookie,
            body:
              buyer === withOffer
                ? { productId: item.id, amount: '30.00', offerId: offer.id, guestInfo: delivery }
                : { productId: item.id, amount: '40.00', guestInfo: delivery },
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
  } = await db.query(`SELECT count(*)::int AS sales FROM payments.orders WHERE product_id = $1 AND status = 'paid'`, [
    item.id,
  ]);
  // The losers' authorisations are cancelled after the race (at once, or by the settle job): wait for the 19th.
  let intents = [];
  for (let waited = 0; waited < 60_000; waited += 100) {
    ({ rows: intents } = await db.query(
      `SELECT status, capture_calls, refund_calls FROM payments.test_intents WHERE metadata->>'productId' = $1`,
      [item.id],
    ));
    if (intents.filter((r) => r.status === 'canceled').length >= BUYERS - 1) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const cancelledMs = performance.now() - raceStart;
  const canceled = intents.filter((r) => r.status === 'canceled');
  const charged = intents.filter(
    (r) => r.status !== 'canceled' && r.status !== 'requires_capture' && r.status !== 'succeeded',
  );
  return {
    checkoutMs: checkouts.map((c) => c.ms),
    payMs: outcomes.map((o) => o.ms),
    raceMs,
    cancelledMs,
    paid,
    sales,
    canceled: canceled.length,
    loserCaptures: canceled.filter((r) => r.capture_calls > 0 || r.refund_calls > 0).length + charged.length,
    offerBuyerWon: outcomes[0].value.status === 'paid',
  };
}

/** `rounds` races; throws if any round sold twice, sold nothing, or left a loser's authorisation standing. */
export async function offerRace({ base, dbUrl, seller, buyers, rounds }) {
  if (buyers.length < BUYERS) throw new Error(`offer race: ${BUYERS} buyers needed, ${buyers.length} signed in`);
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
    offerBuyerWon: results.filter((r) => r.offerBuyerWon).length,
    loserCaptures: results.reduce((n, r) => n + r.loserCaptures, 0),
    checkoutMs: percentiles(results.flatMap((r) => r.checkoutMs)),
    confirmAndReconcileMs: percentiles(results.flatMap((r) => r.payMs)),
    raceWallMs: percentiles(results.map((r) => r.raceMs)),
    allCancelledMs: percentiles(results.map((r) => r.cancelledMs)),
  };
  if (bad.length) throw new Error(`offer race: ${bad.length} of ${rounds} rounds broke: ${JSON.stringify(bad[0])}`);
  return report;
}

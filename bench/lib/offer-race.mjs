// The race of 20 buyers on an item with an accepted offer (`--only offers`): per round, the seller lists an item at
// $40, one bench buyer offers $30 and the seller accepts; then the 20 bench buyers each start a checkout (the offer's
// buyer at the offer's amount, the 19 others at the price) and all 20 confirm the test card and reconcile at once, as
// 20 success pages do. Checked every round: one paid order for the item, the 19 other authorisations cancelled by the
// test-mode provider (none captured or refunded). Reported: the latencies of the checkouts and of the confirm +
// reconcile, the race's wall time (first confirm sent → last answer) and the time until the 19th cancellation.
import { call } from './http.mjs';
import { checkoutAll, deliveryTo, json, listing, payAllAtOnce, raceRounds } from './checkout-race.mjs';
import { percentiles } from './stats.mjs';

async function oneRound({ base, db, seller, buyers, round }) {
  const item = await listing(base, seller, {
    title: `Offer race rug ${round}`,
    description: 'A hand-woven rug from the highlands, rolled tight for the journey home.',
    price: 40,
    condition: 'like-new',
    country: 'Peru',
  });
  const [withOffer] = buyers;
  const delivery = deliveryTo(item.shipsFrom);
  const offer = await json(
    call(base, '/api/offers', {
      method: 'POST',
      cookie: withOffer.cookie,
      expect: [201],
      body: { productId: item.id, amount: '30.00' },
    }),
  );
  await call(base, `/api/offers/${offer.id}/accept`, { method: 'POST', cookie: seller.cookie, body: {} });

  const checkouts = await checkoutAll(base, buyers, (buyer) =>
    buyer === withOffer
      ? { productId: item.id, amount: '30.00', offerId: offer.id, guestInfo: delivery }
      : { productId: item.id, amount: '40.00', guestInfo: delivery },
  );
  const race = await payAllAtOnce({
    base,
    db,
    buyers,
    checkouts,
    intentsSql: `SELECT status, capture_calls, refund_calls FROM payments.test_intents WHERE metadata->>'productId' = $1`,
    param: item.id,
  });
  const {
    rows: [{ sales }],
  } = await db.query(`SELECT count(*)::int AS sales FROM payments.orders WHERE product_id = $1 AND status = 'paid'`, [
    item.id,
  ]);
  // A loser whose authorisation was neither cancelled nor left waiting was charged.
  const charged = race.intents.filter(
    (r) => r.status !== 'canceled' && r.status !== 'requires_capture' && r.status !== 'succeeded',
  );
  return {
    ...race,
    sales,
    checkoutMs: checkouts.map((c) => c.ms),
    loserCaptures: race.loserCaptures + charged.length,
    offerBuyerWon: race.outcomes[0].value.status === 'paid',
  };
}

/** `rounds` races; throws if any round sold twice, sold nothing, or left a loser's authorisation standing. */
export const offerRace = (options) =>
  raceRounds('offer race', options, oneRound, (results) => ({
    offerBuyerWon: results.filter((r) => r.offerBuyerWon).length,
    checkoutMs: percentiles(results.flatMap((r) => r.checkoutMs)),
  }));

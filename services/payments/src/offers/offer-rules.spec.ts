import { OFFER_MESSAGES } from '@souvenir/contracts';
import { actionsFor, decide } from './offer-rules';

describe('who may answer an offer, and when', () => {
  it('lets the seller answer a pending offer and the buyer a counter, each the other way round refused as 403', () => {
    expect(decide('accept', 'seller', 'pending', false)).toEqual({ ok: true, to: 'accepted' });
    expect(decide('counter', 'seller', 'pending', false)).toEqual({ ok: true, to: 'countered' });
    expect(decide('counter', 'seller', 'countered', false)).toEqual({ ok: true, to: 'countered' });
    expect(decide('accept', 'buyer', 'countered', false)).toEqual({ ok: true, to: 'accepted' });
    expect(decide('decline', 'buyer', 'countered', false)).toEqual({ ok: true, to: 'declined' });
    expect(decide('accept', 'buyer', 'pending', false)).toEqual({
      ok: false,
      forbidden: true,
      message: OFFER_MESSAGES.sellerOnly,
    });
    expect(decide('accept', 'seller', 'countered', false)).toEqual({
      ok: false,
      forbidden: true,
      message: OFFER_MESSAGES.buyerOnly,
    });
    expect(decide('counter', 'buyer', 'countered', false)).toMatchObject({ forbidden: true });
    expect(decide('withdraw', 'seller', 'pending', false)).toEqual({
      ok: false,
      forbidden: true,
      message: OFFER_MESSAGES.withdrawBuyerOnly,
    });
  });

  it('refuses every answer once settled or past its deadline (409), and withdrawing an accepted offer', () => {
    for (const status of ['accepted', 'declined', 'withdrawn', 'expired', 'ended', 'purchased'] as const)
      expect(decide('withdraw', 'buyer', status, false)).toEqual({
        ok: false,
        forbidden: false,
        message: OFFER_MESSAGES.notNow(status),
      });
    expect(decide('accept', 'seller', 'pending', true)).toEqual({
      ok: false,
      forbidden: false,
      message: OFFER_MESSAGES.notNow('expired'),
    });
  });

  it('offers each party exactly the actions it would accept, and the buyer paying an accepted offer', () => {
    expect(actionsFor('seller', 'pending', false)).toEqual(['accept', 'decline', 'counter']);
    expect(actionsFor('buyer', 'pending', false)).toEqual(['withdraw']);
    expect(actionsFor('buyer', 'countered', false)).toEqual(['accept', 'decline', 'withdraw']);
    expect(actionsFor('seller', 'countered', false)).toEqual(['counter']);
    expect(actionsFor('buyer', 'accepted', false)).toEqual(['pay']);
    expect(actionsFor('seller', 'accepted', false)).toEqual([]);
    expect(actionsFor('buyer', 'countered', true)).toEqual([]);
  });

  it("lets the buyer accept or decline the seller's offer to favouriters, never withdraw it", () => {
    expect(actionsFor('buyer', 'countered', false, 'seller')).toEqual(['accept', 'decline']);
    expect(actionsFor('seller', 'countered', false, 'seller')).toEqual(['counter']);
    expect(decide('withdraw', 'buyer', 'countered', false, 'seller')).toEqual({
      ok: false,
      forbidden: true,
      message: OFFER_MESSAGES.declineSellerOffer,
    });
    expect(decide('accept', 'buyer', 'countered', false, 'seller')).toEqual({ ok: true, to: 'accepted' });
  });
});

import {
  OFFER_MESSAGES,
  type OfferAction,
  type OfferOrigin,
  type OfferStatus,
  type OfferViewerAction,
} from '@souvenir/contracts';

export type OfferRole = 'buyer' | 'seller';

interface Rule {
  /** Who may, in which statuses, and what the offer becomes. */
  moves: { role: OfferRole; from: readonly OfferStatus[]; to: OfferStatus }[];
  /** What the other party is told when they try it. */
  otherRole: string;
}

/**
 * Who may do what to an offer in which status: the one table the service checks every answer against and builds each
 * offer's `actions` from, so the buttons are exactly what would be accepted. The seller answers the buyer's offer; the
 * buyer answers the seller's counter; a new counter replaces the one on the table; the buyer may withdraw while the
 * offer waits for an answer. An accepted offer is settled: it is paid for or it expires, so an acceptance and a
 * withdrawal sent at once cannot both succeed.
 */
export const OFFER_RULES: Record<OfferAction, Rule> = {
  accept: {
    moves: [
      { role: 'seller', from: ['pending'], to: 'accepted' },
      { role: 'buyer', from: ['countered'], to: 'accepted' },
    ],
    otherRole: OFFER_MESSAGES.sellerOnly,
  },
  decline: {
    moves: [
      { role: 'seller', from: ['pending'], to: 'declined' },
      { role: 'buyer', from: ['countered'], to: 'declined' },
    ],
    otherRole: OFFER_MESSAGES.sellerOnly,
  },
  counter: {
    moves: [{ role: 'seller', from: ['pending', 'countered'], to: 'countered' }],
    otherRole: OFFER_MESSAGES.sellerOnly,
  },
  withdraw: {
    moves: [{ role: 'buyer', from: ['pending', 'countered'], to: 'withdrawn' }],
    otherRole: OFFER_MESSAGES.withdrawBuyerOnly,
  },
};

export type OfferDecision = { ok: true; to: OfferStatus } | { ok: false; forbidden: boolean; message: string };

/**
 * Whether `role` may do `action` to an offer in `status`. Not theirs to do in any status: forbidden (403), with the
 * sentence naming who may; theirs but not now: a conflict (409) naming the status. An open offer past its deadline
 * counts as expired though its job has not run yet.
 */
export function decide(
  action: OfferAction,
  role: OfferRole,
  status: OfferStatus,
  lapsed: boolean,
  origin: OfferOrigin = 'buyer',
): OfferDecision {
  // The seller's own offer to a favouriter is the buyer's to accept or decline; there is nothing of theirs to withdraw.
  if (origin === 'seller' && action === 'withdraw' && role === 'buyer')
    return { ok: false, forbidden: true, message: OFFER_MESSAGES.declineSellerOffer };
  const rule = OFFER_RULES[action];
  const mine = rule.moves.filter((move) => move.role === role);
  if (!mine.length) return { ok: false, forbidden: true, message: rule.otherRole };
  const effective: OfferStatus = lapsed ? 'expired' : status;
  const move = mine.find((m) => m.from.includes(effective));
  if (move) return { ok: true, to: move.to };
  // The seller trying to answer their own counter (the buyer's turn): who may is the better sentence.
  const othersTurn = rule.moves.some((m) => m.role !== role && m.from.includes(effective));
  if (othersTurn && action !== 'withdraw')
    return {
      ok: false,
      forbidden: true,
      message: role === 'seller' ? OFFER_MESSAGES.buyerOnly : OFFER_MESSAGES.sellerOnly,
    };
  return { ok: false, forbidden: false, message: OFFER_MESSAGES.notNow(effective) };
}

/** What `role` may do now: the table's moves that `decide` would allow, and paying an accepted offer for its buyer. */
export function actionsFor(
  role: OfferRole,
  status: OfferStatus,
  lapsed: boolean,
  origin: OfferOrigin = 'buyer',
): OfferViewerAction[] {
  if (lapsed) return [];
  const actions: OfferViewerAction[] = [];
  if (role === 'buyer' && status === 'accepted') actions.push('pay');
  for (const action of Object.keys(OFFER_RULES) as OfferAction[])
    if (decide(action, role, status, false, origin).ok) actions.push(action);
  return actions;
}

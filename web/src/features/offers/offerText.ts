import type { OfferDto, OfferStatus } from '@souvenir/contracts';
import type { StatusTone } from '../orders/orderText';

/** Each status as a chip reads, and its tone (the order chips' tints, AA on their background). */
export const OFFER_STATUS_LABELS: Record<OfferStatus, { label: string; tone: StatusTone }> = {
  pending: { label: 'Waiting for the seller', tone: 'action' },
  countered: { label: 'Countered', tone: 'moving' },
  accepted: { label: 'Accepted', tone: 'done' },
  purchased: { label: 'Paid', tone: 'done' },
  declined: { label: 'Declined', tone: 'problem' },
  withdrawn: { label: 'Withdrawn', tone: 'neutral' },
  expired: { label: 'Expired', tone: 'neutral' },
  ended: { label: 'Item no longer for sale', tone: 'neutral' },
};

/** Who the offer is between, as the viewer reads it: the seller's offer to a favouriter says it is the seller's. */
export function offerPartyText(offer: OfferDto): string {
  if (offer.origin === 'seller')
    return offer.role === 'buyer' ? `Offer from ${offer.seller.firstName}` : `Your offer to ${offer.buyer.firstName}`;
  return offer.role === 'buyer' ? `Offer to ${offer.seller.firstName}` : `Offer from ${offer.buyer.firstName}`;
}

/** A duration from now until `iso`, in words ("2 days", "5 hours", "12 minutes"); null once it passed. */
export function timeLeft(iso: string, now: Date): string | null {
  const ms = new Date(iso).getTime() - now.getTime();
  if (ms <= 0) return null;
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'}`;
  const days = Math.floor(hours / 24);
  return `${days} days`;
}

/** What waits on whom, for an open offer, as the viewer reads it; null when it is settled. */
export function offerDeadlineText(offer: OfferDto, now: Date): string | null {
  const left = timeLeft(offer.expiresAt, now);
  if (!left) return null;
  const mine = offer.role;
  switch (offer.status) {
    case 'pending':
      return mine === 'seller' ? `Answer within ${left}` : `The seller has ${left} to answer`;
    case 'countered':
      return mine === 'buyer' ? `Answer within ${left}` : `The buyer has ${left} to answer`;
    case 'accepted':
      return mine === 'buyer' ? `Pay within ${left}` : `The buyer has ${left} to pay`;
    default:
      return null;
  }
}

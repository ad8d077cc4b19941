import type { OfferDto, OfferStatus } from '@souvenir/contracts';
import { formatMoney } from '../../utils/money';
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

/** An offer's items, lead first; an answer from before bundle offers has its one product. */
export function offerItems(offer: OfferDto): OfferDto['items'] {
  return offer.items?.length ? offer.items : [offer.product];
}

/** An offer on several items of one seller (a bundle), not on one item. */
export const isBundleOffer = (offer: OfferDto) => offerItems(offer).length > 1;

/** What the items cost without the offer: the item's price, or the bundle's after the seller's discount. */
export const offerPrice = (offer: OfferDto) => offer.price ?? offer.product.price;

/** What the offer is on, in a few words: the item's title, or "Azulejo tile + 2 more" for a bundle. */
export function offerSubject(offer: OfferDto): string {
  const more = offerItems(offer).length - 1;
  return more > 0 ? `${offer.product.title} + ${more} more` : offer.product.title;
}

/** The price the offer is measured against, as a card reads it: "listed at $40.00" or "Bundle price $52.20". */
export function offerPriceText(offer: OfferDto): string {
  return isBundleOffer(offer)
    ? `Bundle price ${formatMoney(offerPrice(offer))}`
    : `listed at ${formatMoney(offerPrice(offer))}`;
}

/**
 * Where its buyer pays an accepted offer: the checkout of its item, or of its items in the order offered (the server
 * takes them in that order only), at the agreed amount.
 */
export function offerPayPath(offer: OfferDto): string {
  const items = offerItems(offer);
  const what = items.length > 1 ? `products=${items.map((item) => item.id).join(',')}` : `product=${offer.product.id}`;
  return `/checkout?${what}&offer=${offer.id}&amount=${offer.amount}`;
}

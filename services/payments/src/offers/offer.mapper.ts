import type { OfferChangedEvent, OfferDto } from '@souvenir/contracts';
import { fromCents } from '../database/cents.transformer';
import type { OfferEntity } from './offer.entity';
import type { OfferItemEntity } from './offer-item.entity';
import { actionsFor, type OfferRole } from './offer-rules';

/**
 * An offer as `role` sees it, with what they may do now. `items`: a bundle offer's rows (an offer on one item has
 * none: its one item is its product).
 */
export function toOfferDto(
  offer: OfferEntity,
  role: OfferRole,
  now = new Date(),
  items: readonly OfferItemEntity[] = [],
): OfferDto {
  const bundle = offer.itemCount > 1 && items.length > 0;
  return {
    id: offer.id,
    status: offer.status,
    amount: fromCents(offer.amountCents),
    offeredAmount: fromCents(offer.offeredCents),
    currency: offer.currency,
    expiresAt: offer.expiresAt.toISOString(),
    createdAt: offer.createdAt.toISOString(),
    updatedAt: offer.updatedAt.toISOString(),
    price: fromCents(offer.listPriceCents),
    items: bundle
      ? items.map((item) => ({
          id: item.productId,
          title: item.title,
          image: item.image,
          price: fromCents(item.priceCents),
        }))
      : [
          {
            id: offer.productId,
            title: offer.productTitle,
            image: offer.productImage,
            price: fromCents(offer.listPriceCents),
          },
        ],
    product: {
      id: offer.productId,
      title: offer.productTitle,
      image: offer.productImage,
      price: fromCents(bundle ? items[0]!.priceCents : offer.listPriceCents),
    },
    buyer: { id: offer.buyerId, firstName: offer.buyerFirstName, lastName: offer.buyerLastName },
    seller: { id: offer.sellerId, firstName: offer.sellerFirstName, lastName: offer.sellerLastName },
    role,
    origin: offer.origin,
    actions: actionsFor(role, offer.status, lapsed(offer, now), offer.origin),
  };
}

/** An open offer whose deadline passed, before its job has run. */
export function lapsed(offer: OfferEntity, now = new Date()): boolean {
  return ['pending', 'countered', 'accepted'].includes(offer.status) && offer.expiresAt <= now;
}

export function toOfferChangedEvent(offer: OfferEntity, actor: OfferChangedEvent['actor']): OfferChangedEvent {
  return {
    offerId: offer.id,
    productId: offer.productId,
    productTitle: offer.productTitle,
    buyerId: offer.buyerId,
    sellerId: offer.sellerId,
    status: offer.status,
    amountCents: offer.amountCents,
    currency: offer.currency,
    actor,
    origin: offer.origin,
    ...(offer.itemCount > 1 ? { moreItems: offer.itemCount - 1 } : {}),
    expiresAt: offer.expiresAt.toISOString(),
    occurredAt: new Date().toISOString(),
  };
}

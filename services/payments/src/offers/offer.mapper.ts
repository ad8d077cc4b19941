import type { OfferChangedEvent, OfferDto } from '@souvenir/contracts';
import { fromCents } from '../database/cents.transformer';
import type { OfferEntity } from './offer.entity';
import { actionsFor, type OfferRole } from './offer-rules';

/** An offer as `role` sees it, with what they may do now. */
export function toOfferDto(offer: OfferEntity, role: OfferRole, now = new Date()): OfferDto {
  return {
    id: offer.id,
    status: offer.status,
    amount: fromCents(offer.amountCents),
    offeredAmount: fromCents(offer.offeredCents),
    currency: offer.currency,
    expiresAt: offer.expiresAt.toISOString(),
    createdAt: offer.createdAt.toISOString(),
    updatedAt: offer.updatedAt.toISOString(),
    product: {
      id: offer.productId,
      title: offer.productTitle,
      image: offer.productImage,
      price: fromCents(offer.listPriceCents),
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
    expiresAt: offer.expiresAt.toISOString(),
    occurredAt: new Date().toISOString(),
  };
}

import { rpc } from '../rpc/contract';
import {
  ActOnOfferRequest,
  CreateOfferRequest,
  ListOffersRequest,
  OfferToFavouritesRequest,
  type OfferToFavouritesReply,
  type OfferDto,
  type OffersPageDto,
} from './offer.dto';

/** Offers on an item, kept by payments beside the checkout that charges an accepted one (spread into PAYMENTS_RPC). */
export const OFFERS_RPC = {
  createOffer: rpc('payments.offer.create', CreateOfferRequest).returns<OfferDto>(),
  listOffers: rpc('payments.offer.list', ListOffersRequest).returns<OffersPageDto>(),
  /** The seller accepts, declines or counters; the buyer accepts or declines a counter, or withdraws. */
  actOnOffer: rpc('payments.offer.act', ActOnOfferRequest).returns<OfferDto>(),
  /** The seller offers the item to everyone who favourited it (favourites asked in pages, identity in batches). */
  offerToFavourites: rpc('payments.offer.to-favourites', OfferToFavouritesRequest).returns<OfferToFavouritesReply>(),
} as const;

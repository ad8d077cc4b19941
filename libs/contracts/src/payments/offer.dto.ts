import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import { PageQueryDto } from '../pagination/page-query.dto';
import { BUNDLE_MAX_ITEMS, BUNDLE_MIN_ITEMS } from './bundle';

/** How long an offer or a counter waits for its answer, and how long an accepted offer may be paid. */
export const OFFER_DEFAULTS = { ttlHours: 48, payHours: 24, maxPerBuyerAndItem: 3, favouritesEveryHours: 24 } as const;

/** Who made an offer: a buyer (`POST /api/offers`), or the seller, to everyone who favourited the item. */
export const OFFER_ORIGINS = ['buyer', 'seller'] as const;
export type OfferOrigin = (typeof OFFER_ORIGINS)[number];

/**
 * An offer's life. `pending`: the seller answers; `countered`: the buyer answers the seller's amount; `accepted`: the
 * buyer may pay `amount` until `expiresAt`; `purchased`: they did. The rest are ends: `declined`, `withdrawn` (by the
 * buyer before an answer, or replaced by their newer offer), `expired` (nobody answered, or the accepted offer was not paid in time),
 * `ended` (the item was sold to someone else or removed).
 */
export const OFFER_STATUSES = [
  'pending',
  'countered',
  'accepted',
  'purchased',
  'declined',
  'withdrawn',
  'expired',
  'ended',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** The statuses an offer can still leave by someone's action or a deadline. */
export const OPEN_OFFER_STATUSES = ['pending', 'countered', 'accepted'] as const satisfies readonly OfferStatus[];

export const OFFER_ACTIONS = ['accept', 'decline', 'counter', 'withdraw'] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

/** What the caller may do with an offer now: one of OFFER_ACTIONS, or `pay` (its buyer, once accepted). */
export type OfferViewerAction = OfferAction | 'pay';

/** The sentences of offers' refusals: the web app shows them as they are. */
export const OFFER_MESSAGES = {
  ownItem: 'You cannot make an offer on your own item',
  notAvailable: 'This item is no longer available',
  tooLow: (minimum: string) => `Your offer must be at least half the price ($${minimum})`,
  tooHigh: (price: string) => `An offer cannot be more than the price ($${price}): buy it at that price instead`,
  counterTooLow: (minimum: string) => `A counter-offer must be at least half the price ($${minimum})`,
  counterTooHigh: (price: string) => `A counter-offer cannot be more than the price ($${price})`,
  counterAmountRequired: 'Enter the amount of your counter-offer',
  tooMany: `You can make at most ${OFFER_DEFAULTS.maxPerBuyerAndItem} offers on one item`,
  alreadyAccepted: 'The seller accepted your offer on this item: pay for it before it expires',
  youBlocked: 'You blocked this seller. Unblock them in Account settings to make them an offer.',
  cannotOffer: "You can't make offers on this member's items.",
  sellerOnly: 'Only the seller can answer this offer',
  buyerOnly: 'Only the buyer can answer this counter-offer',
  withdrawBuyerOnly: 'Only the buyer can withdraw this offer',
  notNow: (status: OfferStatus) => `This offer is ${OFFER_STATUS_WORDS[status]}: it can't be changed now`,
  payNotAccepted: 'This offer has not been accepted, or can no longer be paid for',
  payAmountDiffers: 'The amount differs from the accepted offer. Please review and try again.',
  payItemsDiffer: 'The items differ from the accepted offer. Please review and try again.',
  bundleItems: `productIds must list ${BUNDLE_MIN_ITEMS} to ${BUNDLE_MAX_ITEMS} different items`,
  leadFirst: 'productId must be the first of productIds',
  guestOffer: 'Sign in to pay for your offer',
  declineSellerOffer: "This offer is the seller's: decline it if you don't want it",
  favouritesSellerOnly: 'Only the seller can send an offer to the people who favourited this item',
  favouritesReserved: 'This item is reserved: lift the reservation before sending offers',
  favouritesAway: (until: string) =>
    `You are away until ${until}: nobody could pay for this item. Turn away mode off before sending offers.`,
  favouritesTooSoon: (next: string) =>
    `You already sent an offer to the people who favourited this item. You can send another after ${next}.`,
} as const;

/** How a status reads in a sentence ("This offer is withdrawn"). */
export const OFFER_STATUS_WORDS: Record<OfferStatus, string> = {
  pending: 'waiting for the seller',
  countered: 'waiting for the buyer',
  accepted: 'already accepted',
  purchased: 'already paid for',
  declined: 'declined',
  withdrawn: 'withdrawn',
  expired: 'expired',
  ended: 'closed: the item is no longer for sale',
};

const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;
const AMOUNT_MESSAGE = 'Amount must be a positive amount with at most two decimals';
/** A number or a decimal string, as the checkout's `amount`; checked as text so that 0.1 + 0.2 never enters. */
const toText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

/**
 * `POST /api/offers` body. The bounds (half the price, the price) are the server's, against the current price. An
 * offer on a bundle lists its items in `productIds` (2 to 10 different items of one seller), the lead item first and
 * also in `productId`: the offer lives in the conversation about that item. Ids compare case-insensitively.
 */
export class CreateOfferDto {
  @IsUUID('all', { message: 'productId must be a product id' })
  productId!: string;

  @IsOptional()
  @ValidateBy(
    {
      name: 'leadFirst',
      validator: {
        validate: (ids: unknown, args) =>
          !Array.isArray(ids) ||
          typeof ids[0] !== 'string' ||
          ids[0].toLowerCase() === String((args?.object as CreateOfferDto).productId).toLowerCase(),
      },
    },
    { message: OFFER_MESSAGES.leadFirst },
  )
  @IsArray({ message: OFFER_MESSAGES.bundleItems })
  @ArrayMinSize(BUNDLE_MIN_ITEMS, { message: OFFER_MESSAGES.bundleItems })
  @ArrayMaxSize(BUNDLE_MAX_ITEMS, { message: OFFER_MESSAGES.bundleItems })
  @ArrayUnique((id: unknown) => (typeof id === 'string' ? id.toLowerCase() : id), {
    message: OFFER_MESSAGES.bundleItems,
  })
  @IsUUID('all', { each: true, message: 'productIds must be product ids' })
  productIds?: string[];

  @Transform(toText)
  @IsNotEmpty({ message: 'Amount is required' })
  @IsString({ message: 'Amount must be a number' })
  @Matches(AMOUNT, { message: AMOUNT_MESSAGE })
  amount!: string;
}

/** `POST /api/offers/{id}/counter` body. */
export class CounterOfferDto {
  @Transform(toText)
  @IsNotEmpty({ message: OFFER_MESSAGES.counterAmountRequired })
  @IsString({ message: 'Amount must be a number' })
  @Matches(AMOUNT, { message: AMOUNT_MESSAGE })
  amount!: string;
}

/**
 * `POST /api/products/{id}/offer-to-favourites` body: the seller offers the item at `amount` to everyone who
 * favourited it (the same bounds as an offer; 48 hours to answer; once per item per day).
 */
export class OfferToFavouritesDto {
  @Transform(toText)
  @IsNotEmpty({ message: 'Amount is required' })
  @IsString({ message: 'Amount must be a number' })
  @Matches(AMOUNT, { message: AMOUNT_MESSAGE })
  amount!: string;
}

/** `payments.offer.to-favourites`. */
export class OfferToFavouritesRequest extends OfferToFavouritesDto {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') productId!: string;
}

/** How many favouriters got the seller's offer. */
export interface OfferToFavouritesReply {
  sent: number;
}

/**
 * `GET /api/offers` query: the offers the caller made (`buyer`) or received (`seller`), newest first; or, with
 * `productId` and `withUserId` instead of `role`, the offers between the caller and that person on that item, in
 * either role (the conversation of the two about the item shows them).
 */
export class ListOffersQueryDto extends PageQueryDto {
  @ValidateIf((query: ListOffersQueryDto) => query.role !== undefined || !query.productId)
  @IsIn(['buyer', 'seller'], { message: 'role must be buyer or seller' })
  role?: 'buyer' | 'seller';

  @ValidateIf((query: ListOffersQueryDto) => query.productId !== undefined || query.withUserId !== undefined)
  @IsUUID('all', { message: 'productId must be a product id' })
  productId?: string;

  @ValidateIf((query: ListOffersQueryDto) => query.productId !== undefined || query.withUserId !== undefined)
  @IsUUID('all', { message: 'withUserId must be a user id' })
  withUserId?: string;
}

/** `payments.offer.create`. */
export class CreateOfferRequest extends CreateOfferDto {
  @IsUUID('all') actorId!: string;
}

/** `payments.offer.list`. */
export class ListOffersRequest extends ListOffersQueryDto {
  @IsUUID('all') actorId!: string;
}

/** `payments.offer.act`: accept, decline, counter (with `amount`) or withdraw; who may is the service's rule. */
export class ActOnOfferRequest {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') offerId!: string;
  @IsIn(OFFER_ACTIONS) action!: OfferAction;
  @IsOptional() @IsString() @Matches(AMOUNT, { message: AMOUNT_MESSAGE }) amount?: string;
}

/** One person in an offer, as the other sees them. */
export interface OfferPartyDto {
  id: string;
  firstName: string;
  lastName: string;
}

/**
 * An offer as its buyer and its seller see it. `amount` is the amount on the table now (the buyer's, or the seller's
 * counter); `offeredAmount` what the buyer first offered. `expiresAt`: when a pending or countered offer lapses, or
 * until when an accepted one may be paid. `actions`: what the caller may do now (exactly what the server accepts).
 */
export interface OfferDto {
  id: string;
  status: OfferStatus;
  amount: string;
  offeredAmount: string;
  currency: string;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
  /** What the items cost without the offer: the item's price, or the bundle's price after the seller's discount. */
  price: string;
  /** The items, in the order offered; one entry for an offer on one item. `product` stays the first (lead) item. */
  items: OfferItemDto[];
  product: { id: string; title: string; image: string | null; price: string };
  buyer: OfferPartyDto;
  seller: OfferPartyDto;
  role: 'buyer' | 'seller';
  /** `seller`: the seller's offer to the people who favourited the item (it waits for the buyer, as a counter). */
  origin: OfferOrigin;
  actions: OfferViewerAction[];
}

/** One item of an offer, as it was when the offer was made. */
export interface OfferItemDto {
  id: string;
  title: string;
  image: string | null;
  price: string;
}

/** One page of offers, newest first; `nextCursor` when there are older ones. */
export interface OffersPageDto {
  items: OfferDto[];
  nextCursor: string | null;
}

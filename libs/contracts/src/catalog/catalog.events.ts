import { IsArray, IsBoolean, IsDateString, IsIn, IsInt, IsOptional, IsString, IsUUID, Min } from 'class-validator';
import { ORIGIN_LEVELS, type OriginLevel } from './contents';
import { CONDITIONS, type Condition } from './product.dto';
import { defineEvents, event } from '../events/event';
import { VelocityExceededEvent } from '../moderation/velocity';
import { SellerAwayChangedEvent } from './away-mode';

/** A product became visible in browse and search. */
export class ProductListedEvent {
  @IsUUID('all') productId!: string;
  @IsUUID('all') sellerId!: string;
  @IsString() title!: string;
  /** Moderation matches it against the prohibited-keywords list (absent from events published before that). */
  @IsOptional() @IsString() description?: string;
  @IsString() price!: string;
  /** The listing's image URLs: media keeps the uploads they name (absent from events published before uploads). */
  @IsOptional() @IsArray() @IsString({ each: true }) images?: string[];
  /** Photos of its receipt or customs declaration: media keeps these uploads too. */
  @IsOptional() @IsArray() @IsString({ each: true }) documents?: string[];
  /**
   * What a saved search filters on (alerts matches new listings against them; absent from events published before
   * saved searches): the sell category, the country it comes from, its condition, and the country it ships within
   * (the seller's, null when their location names none).
   */
  @IsOptional() @IsString() category?: string;
  @IsOptional() @IsString() country?: string;
  @IsOptional() @IsIn(CONDITIONS) condition?: Condition;
  @IsOptional() @IsString() shipsFrom?: string | null;
  /**
   * Created held (a new account past its hourly listing threshold): never on sale, its removal follows in the same
   * transaction and support's release relists it. Absent: on sale.
   */
  @IsOptional() @IsBoolean() held?: boolean;
  @IsDateString() occurredAt!: string;
}

/** The seller removed a product: it leaves every list, favourites included. */
export class ProductRemovedEvent {
  @IsUUID('all') productId!: string;
  @IsUUID('all') sellerId!: string;
  /**
   * The product's sale version after the removal (absent from events published before relisting a removed listing
   * existed): a relisting carries a higher one, so a read model tells a later relisting from an earlier one.
   */
  @IsOptional() @IsInt() @Min(1) version?: number;
  @IsDateString() occurredAt!: string;
}

/** A product was paid for and can no longer be bought. */
export class ProductSoldEvent {
  @IsUUID('all') productId!: string;
  @IsUUID('all') sellerId!: string;
  /** The product's sales and relistings so far (absent from events published before relisting existed). */
  @IsOptional() @IsInt() @Min(1) version?: number;
  @IsDateString() occurredAt!: string;
}

/**
 * A product is on sale again: its order was cancelled before shipping (payments' order changed paid → cancelled), or
 * its seller relisted it (a removed listing, or one whose order was refunded).
 * Read models show it as active again, as before the sale.
 */
export class ProductRelistedEvent {
  @IsUUID('all') productId!: string;
  @IsUUID('all') sellerId!: string;
  /** Higher than the version of the sale it undoes: a read model keeps the newest of sold and relisted. */
  @IsInt() @Min(1) version!: number;
  @IsDateString() occurredAt!: string;
}

/**
 * Support decided on a listing's documents: its origin level as `ProductDto.originLevel` now answers it
 * ('checked' when approved; the checkbox's 'self-declared' or null when rejected). Read models that keep product cards
 * update theirs. Once per product: a listing is reviewed once.
 */
export class ProductOriginChangedEvent {
  @IsUUID('all') productId!: string;
  @IsUUID('all') sellerId!: string;
  @IsOptional() @IsIn(ORIGIN_LEVELS) originLevel!: OriginLevel | null;
  @IsDateString() occurredAt!: string;
}

/**
 * The seller edited a listing: the card fields as they are now. `version` grows with every edit (its own counter,
 * not the sale version), so a read model applies an edit only over an older one and never goes back. `previousPrice`
 * is set when this edit lowered the price: everyone who favourited the item is told.
 */
export class ProductUpdatedEvent {
  @IsUUID('all') productId!: string;
  @IsUUID('all') sellerId!: string;
  @IsInt() @Min(1) version!: number;
  @IsString() title!: string;
  @IsString() price!: string;
  @IsOptional() @IsString() previousPrice?: string;
  @IsArray() @IsString({ each: true }) images!: string[];
  /** The rest of what a saved search reads (absent from events published before saved searches). */
  @IsOptional() @IsString() description?: string;
  @IsOptional() @IsString() category?: string;
  @IsOptional() @IsString() country?: string;
  @IsOptional() @IsIn(CONDITIONS) condition?: Condition;
  /**
   * The reservation as it stood at the edit (absent from events published before): its version, the sale version,
   * and its end (null: not reserved). A read model that applies events of several subjects in any order learns of a
   * reservation from the edit too, when the edit reaches it before the reserved event.
   */
  @IsOptional() @IsInt() @Min(0) reservationVersion?: number;
  @IsOptional() @IsInt() @Min(0) saleVersion?: number;
  @IsOptional() @IsDateString() reservedUntil?: string | null;
  @IsDateString() occurredAt!: string;
}

/**
 * The seller reserved a listing for one buyer until `reservedUntil`, or extended that buyer's reservation: until
 * then nobody else can pay for it (payments closes other buyers' open checkouts), its cards say "Reserved", and the
 * buyer is told. `version` grows with every reservation change of the product (reserved, extended, ended), so a read
 * model keeps the newest.
 */
export class ProductReservedEvent {
  @IsUUID('all') productId!: string;
  @IsUUID('all') sellerId!: string;
  @IsUUID('all') buyerId!: string;
  @IsString() title!: string;
  @IsDateString() reservedUntil!: string;
  @IsInt() @Min(1) hours!: number;
  @IsInt() @Min(1) version!: number;
  /**
   * The product's sale version when reserved (absent from events published before it): a sale, removal or
   * relisting ends a reservation without a reservation event, and moves the sale version past this one.
   */
  @IsOptional() @IsInt() @Min(0) saleVersion?: number;
  @IsDateString() occurredAt!: string;
}

/** Why a reservation ended before the item was sold or taken off sale (those end it too, without this event). */
export const RESERVATION_END_REASONS = ['lifted', 'expired', 'blocked', 'account-deleted'] as const;
export type ReservationEndReason = (typeof RESERVATION_END_REASONS)[number];

/** A reservation ended: the seller lifted it, its time ran out, a block came between the two, or the buyer left. */
export class ProductReservationEndedEvent {
  @IsUUID('all') productId!: string;
  @IsUUID('all') sellerId!: string;
  @IsUUID('all') buyerId!: string;
  @IsIn(RESERVATION_END_REASONS) reason!: ReservationEndReason;
  @IsInt() @Min(1) version!: number;
  @IsDateString() occurredAt!: string;
}

/** catalog's event subjects, each with its payload class. */
export const CATALOG_EVENTS = defineEvents('catalog', {
  productListed: event('events.catalog.product.listed', ProductListedEvent),
  productRemoved: event('events.catalog.product.removed', ProductRemovedEvent),
  productSold: event('events.catalog.product.sold', ProductSoldEvent),
  productRelisted: event('events.catalog.product.relisted', ProductRelistedEvent),
  productOriginChanged: event('events.catalog.product.origin-changed', ProductOriginChangedEvent),
  productUpdated: event('events.catalog.product.updated', ProductUpdatedEvent),
  productReserved: event('events.catalog.product.reserved', ProductReservedEvent),
  productReservationEnded: event('events.catalog.product.reservation-ended', ProductReservationEndedEvent),
  /** A new account listed past its hourly threshold: that listing was created held (moderation queues the account). */
  listingVelocityExceeded: event('events.catalog.listing-velocity.exceeded', VelocityExceededEvent),
  sellerAwayChanged: event('events.catalog.seller.away-changed', SellerAwayChangedEvent),
});

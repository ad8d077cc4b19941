import {
  IsArray,
  IsBoolean,
  IsDateString,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Min,
  ValidateIf,
} from 'class-validator';
import { defineEvents, event } from '../events/event';
import { OrderMessageSentEvent } from './order-message.dto';
import { BundleDiscountChangedEvent } from './bundle';
import { OFFER_ORIGINS, OFFER_STATUSES, type OfferOrigin, type OfferStatus } from './offer.dto';
import { AFTER_PAYMENT_STATUSES, type AfterPaymentStatus } from './order-status';

/** An order was paid: its product must be marked sold. `buyerUserId` is null for a guest. */
export class OrderPaidEvent {
  @IsUUID('all') orderId!: string;
  @IsUUID('all') productId!: string;
  @IsUUID('all') sellerId!: string;
  @ValidateIf((_, v) => v !== null) @IsUUID('all') buyerUserId!: string | null;
  @IsInt() @Min(1) amountCents!: number;
  @IsIn(['usd']) currency!: string;
  /** The item's title as bought, for sentences that name it. Absent on events written before it was carried. */
  @IsOptional() @IsString() productTitle?: string;
  /** Every item of the order, the first being `productId` (a bundle holds several); absent: `productId` alone. */
  @IsOptional() @IsArray() @IsUUID('all', { each: true }) productIds?: string[];
  @IsDateString() occurredAt!: string;
}

/** A payment attempt failed (declined card) or a paid order was refunded because the item had already been sold. */
export class OrderFailedEvent {
  @IsUUID('all') orderId!: string;
  @IsUUID('all') productId!: string;
  @ValidateIf((_, v) => v !== null) @IsUUID('all') buyerUserId!: string | null;
  @IsIn(['failed', 'refunded']) status!: 'failed' | 'refunded';
  @IsOptional() @IsString() reason?: string;
  /** Every item of the order, the first being `productId` (a bundle holds several); absent: `productId` alone. */
  @IsOptional() @IsArray() @IsUUID('all', { each: true }) productIds?: string[];
  @IsDateString() occurredAt!: string;
}

/**
 * An order moved along its life after the payment (shipped, delivered, completed, cancelled, disputed, refunded): one
 * event per transition, in the same transaction. Catalog puts the item back on sale when an order is cancelled
 * before shipping; messaging shows the change in the conversation about the product.
 */
export class OrderChangedEvent {
  @IsUUID('all') orderId!: string;
  @IsUUID('all') productId!: string;
  @IsUUID('all') sellerId!: string;
  @ValidateIf((_, v) => v !== null) @IsUUID('all') buyerUserId!: string | null;
  @IsIn(AFTER_PAYMENT_STATUSES) from!: AfterPaymentStatus;
  @IsIn(AFTER_PAYMENT_STATUSES) to!: AfterPaymentStatus;
  @IsIn(['buyer', 'seller', 'support', 'system']) actor!: 'buyer' | 'seller' | 'support' | 'system';
  @IsOptional() @IsString() reason?: string;
  @IsOptional() @IsString() carrier?: string;
  @IsOptional() @IsString() trackingNumber?: string;
  /** The claim's photos, when this change opens a claim: media keeps the uploaded ones (as it does a listing's). */
  @IsOptional() @IsArray() @IsString({ each: true }) photos?: string[];
  /** The item's title as bought, for sentences that name it. Absent on events written before it was carried. */
  @IsOptional() @IsString() productTitle?: string;
  /** Every item of the order, the first being `productId` (a bundle holds several); absent: `productId` alone. */
  @IsOptional() @IsArray() @IsUUID('all', { each: true }) productIds?: string[];
  /**
   * The items a claim refunded when the order completed with the others kept (a bundle refunded in part): sold no
   * more, their seller may relist them. Absent: none.
   */
  @IsOptional() @IsArray() @IsUUID('all', { each: true }) refundedProductIds?: string[];
  /**
   * The items an open claim is about, when it names some of a bundle's items and not all, with the first one's title:
   * the bell names those, not the order's. Absent: the claim is about the whole order, or there is none.
   */
  @IsOptional() @IsArray() @IsUUID('all', { each: true }) claimedProductIds?: string[];
  @IsOptional() @IsString() claimedTitle?: string;
  @IsDateString() occurredAt!: string;
}

/**
 * The money of a completed order reached the seller's payout account, written with the payout's ledger
 * entry; notifications tell the seller.
 */
export class PayoutPaidEvent {
  @IsUUID('all') payoutId!: string;
  @IsUUID('all') orderId!: string;
  @IsUUID('all') sellerId!: string;
  @IsInt() @Min(0) amountCents!: number;
  @IsIn(['usd']) currency!: string;
  /** The sold item's title, for sentences that name it. Absent on events written before it was carried. */
  @IsOptional() @IsString() productTitle?: string;
  /** How many items the order holds, when several (a bundle: "Tile A and 2 more items"); absent: one. */
  @IsOptional() @IsInt() @Min(2) itemCount?: number;
  @IsDateString() occurredAt!: string;
}

/**
 * The two facts payments owns that make a seller Verified: an active payout account (identity checked by
 * the provider) and completed sales (an order refunded after a claim ends `refunded`, never `completed`). Written
 * from the outbox in the transaction that changes either; `version` grows per seller, so a read model keeps the
 * newest whatever the order. identity decides `isVerified` from it.
 */
export class SellerStandingChangedEvent {
  @IsUUID('all') sellerId!: string;
  @IsBoolean() payoutsActive!: boolean;
  @IsInt() @Min(0) completedSales!: number;
  @IsInt() @Min(1) version!: number;
  @IsDateString() occurredAt!: string;
}

/**
 * An offer changed (made, countered, accepted, declined, withdrawn, expired, ended by a sale, paid for), written with
 * the change. notifications tells the party who did not act (both, when the system did) as their `offers` setting says.
 */
export class OfferChangedEvent {
  @IsUUID('all') offerId!: string;
  @IsUUID('all') productId!: string;
  @IsString() productTitle!: string;
  @IsUUID('all') buyerId!: string;
  @IsUUID('all') sellerId!: string;
  @IsIn(OFFER_STATUSES) status!: OfferStatus;
  @IsInt() @Min(1) amountCents!: number;
  @IsIn(['usd']) currency!: string;
  @IsIn(['buyer', 'seller', 'system']) actor!: 'buyer' | 'seller' | 'system';
  /** `seller`: the seller's offer to the item's favouriters; absent on events written before it existed. */
  @IsOptional() @IsIn(OFFER_ORIGINS) origin?: OfferOrigin;
  /** An offer on a bundle: how many items it holds beside `productId`, its lead item (absent: an offer on one item). */
  @IsOptional() @IsInt() @Min(1) moreItems?: number;
  @IsDateString() expiresAt!: string;
  @IsDateString() occurredAt!: string;
}

/** payments' event subjects, each with its payload class. */
export const PAYMENTS_EVENTS = defineEvents('payments', {
  orderPaid: event('events.payments.order.paid', OrderPaidEvent),
  orderFailed: event('events.payments.order.failed', OrderFailedEvent),
  orderChanged: event('events.payments.order.changed', OrderChangedEvent),
  payoutPaid: event('events.payments.payout.paid', PayoutPaidEvent),
  sellerStandingChanged: event('events.payments.seller-standing.changed', SellerStandingChangedEvent),
  orderMessageSent: event('events.payments.order.message-sent', OrderMessageSentEvent),
  offerChanged: event('events.payments.offer.changed', OfferChangedEvent),
  bundleDiscountChanged: event('events.payments.bundle-discount.changed', BundleDiscountChangedEvent),
});

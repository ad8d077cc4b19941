import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import type { AddressDto, OrderItemsPart } from './payment.dto';
import type { OrderStatus } from './order-status';
import { BUNDLE_MAX_ITEMS } from './bundle';
import type { OrderCardDisputeDto, OrderMoneyDto } from './payout.dto';

/*
 * The order after the payment: one state machine in payments.
 *   paid ──ship──> shipped ──delivered──> delivered ──confirm / claim window ends──> completed
 *   paid ──cancel (seller, or agreed buyer request) / ship deadline──> cancelled (full refund)
 *   shipped | delivered ──claim──> disputed ──seller accepts / support decides──> refunded | completed
 */

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export const CLAIM_REASONS = ['not_received', 'not_as_described', 'damaged', 'counterfeit'] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];

/** What the caller may do with the order now; the web app shows exactly these buttons. */
export const ORDER_ACTIONS = [
  'ship',
  'markDelivered',
  'confirm',
  'cancel',
  'requestCancel',
  'openClaim',
  'respondToClaim',
  'decideClaim',
  'shipReturn',
  'confirmReturn',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Who made a transition. */
export type OrderActor = 'buyer' | 'seller' | 'support' | 'system';

/** The deadlines an order can have, named as the web app shows them. */
export type OrderDeadlineName =
  | 'shipBy'
  | 'deliveredBy'
  | 'claimWindowEnds'
  | 'cancelRequestExpires'
  | 'sellerResponseDue'
  | 'returnShipBy'
  | 'returnArrivesBy';

export interface OrderDeadlineDto {
  name: OrderDeadlineName;
  /** ISO 8601 UTC. */
  at: string;
}

export interface OrderHistoryEntryDto {
  at: string;
  actor: OrderActor;
  from: OrderStatus | null;
  to: OrderStatus;
  /** A sentence: why (a cancel reason, a claim, a support decision, a deadline). */
  reason: string | null;
}

export interface ClaimDto {
  id: string;
  reason: ClaimReason;
  description: string;
  photos: string[];
  openedAt: string;
  /**
   * open: waiting for the seller; escalated: waiting for support; returning: support refunds the buyer once the item
   * is back (the buyer sends it with tracking, the seller confirms it arrived or its deadline passes); resolved: done.
   */
  status: 'open' | 'escalated' | 'returning' | 'resolved';
  /** The item on its way back (a claim support decided with a return), once the buyer has sent it. */
  return: { carrier: string; trackingNumber: string; shippedAt: string; arrivedAt: string | null } | null;
  sellerResponse: { accept: boolean; statement: string | null; photos: string[]; at: string } | null;
  decision: { outcome: 'refund' | 'release'; reason: string; at: string; by: 'seller' | 'support' } | null;
  /** The items the claim is about (all of the order's when the buyer named none). */
  productIds: string[];
}

/** One order as the caller sees it (`GET /api/orders/{id}`): the seller alone sees the delivery address. */
export interface OrderDetailDto extends OrderItemsPart {
  id: string;
  status: OrderStatus;
  product: { id: string; title: string; image: string | null };
  amount: string;
  currency: string;
  /** The caller's side: buyer, seller or support. */
  viewer: 'buyer' | 'seller' | 'support';
  buyer: { id: string | null; firstName: string; lastName: string };
  seller: { id: string; name: string | null };
  deliveryAddress?: AddressDto;
  carrier: string | null;
  trackingNumber: string | null;
  deadlines: OrderDeadlineDto[];
  history: OrderHistoryEntryDto[];
  claim: ClaimDto | null;
  /** A buyer's pending request to cancel before shipping (the seller has 72 h to agree). */
  cancelRequest: { reason: string; at: string } | null;
  actions: OrderAction[];
  /** Where the money is (held, paid to the seller on…, refunded…). */
  money: OrderMoneyDto;
  /** A card dispute (chargeback) on the payment: while open, the order's money is frozen. */
  cardDispute: OrderCardDisputeDto | null;
  createdAt: string;
}

/** A row of the Purchases or Sales tab. */
export interface OrderSummaryDto extends OrderItemsPart {
  id: string;
  status: OrderStatus;
  product: { id: string; title: string; image: string | null };
  amount: string;
  currency: string;
  /** The other party's display name (the buyer's name on a sale, the seller's on a purchase). */
  otherParty: string;
  /** The next deadline, if any (shown as a countdown). */
  nextDeadline: OrderDeadlineDto | null;
  /** True when the viewer has something to do now (ship, answer a claim, agree to a cancel request, confirm). */
  needsAction: boolean;
  createdAt: string;
}

export interface OrdersPageDto {
  items: OrderSummaryDto[];
  nextCursor: string | null;
}

/**
 * `GET /api/orders?role=purchases|sales&cursor=&limit=&productId=` query. `productId` keeps the orders of one product
 * (a sold item's page links its seller to the sale).
 */
export class ListOrdersQueryDto {
  @IsIn(['purchases', 'sales'], { message: 'role must be purchases or sales' }) role!: 'purchases' | 'sales';
  @IsOptional() @IsUUID('all', { message: 'productId must be a product id' }) productId?: string;
  @IsOptional() @IsString() @MaxLength(200) cursor?: string;
  @IsOptional() @Type(() => Number) @IsInt({ message: 'limit must be a whole number' }) @Min(1) @Max(50) limit?: number;
}

/** `POST /api/orders/{id}/ship` body. */
export class ShipOrderDto {
  @Transform(trim)
  @IsString({ message: 'Carrier is required' })
  @IsNotEmpty({ message: 'Carrier is required' })
  @MaxLength(60, { message: 'Carrier is too long' })
  carrier!: string;

  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(60, { message: 'Tracking number is too long' })
  @Matches(/^[A-Za-z0-9 -]*$/, { message: 'Tracking number may contain letters, digits, spaces and dashes only' })
  trackingNumber?: string;
}

/** `POST /api/orders/{id}/cancel` body (seller: cancels; buyer: asks the seller to cancel). */
export class CancelOrderDto {
  @Transform(trim)
  @IsString({ message: 'Please give a reason' })
  @IsNotEmpty({ message: 'Please give a reason' })
  @MaxLength(500, { message: 'Reason is too long' })
  reason!: string;
}

/**
 * A claim's photos, the buyer's and the seller's alike: up to six, each a link or an uploaded photo's path as
 * POST /api/uploads answers it (`/media/<hash>-<width>.webp`). Optional.
 */
function ClaimPhotos(): PropertyDecorator {
  const rules = [
    IsOptional(),
    IsArray(),
    ArrayMaxSize(6, { message: 'At most 6 photos' }),
    // Uploads are named by their bytes: the same picture twice is one photo, not two pieces of evidence.
    ArrayUnique({ message: 'Each photo can be added once' }),
    IsString({ each: true }),
    MaxLength(2000, { each: true }),
    Matches(/^(https?:\/\/|\/media\/[0-9a-f]{32}-\d{1,4}\.webp$)/i, {
      each: true,
      message: 'Photos must be http(s) URLs or uploaded photos',
    }),
  ];
  return (target, key) => rules.forEach((rule) => rule(target, key));
}

/** `POST /api/orders/{id}/return` body (the buyer sends the item back): how, and its tracking number. */
export class ShipReturnDto {
  @Transform(trim)
  @IsString({ message: 'Carrier is required' })
  @IsNotEmpty({ message: 'Carrier is required' })
  @MaxLength(60, { message: 'Carrier is too long' })
  carrier!: string;

  @Transform(trim)
  @IsString({ message: 'Tracking number is required' })
  @IsNotEmpty({ message: 'Tracking number is required' })
  @MaxLength(60, { message: 'Tracking number is too long' })
  @Matches(/^[A-Za-z0-9 -]*$/, { message: 'Tracking number may contain letters, digits, spaces and dashes only' })
  trackingNumber!: string;
}

/** `POST /api/orders/{id}/claims` body. */
export class OpenClaimDto {
  @IsIn(CLAIM_REASONS, { message: 'Please choose what went wrong' }) reason!: ClaimReason;

  @Transform(trim)
  @IsString({ message: 'Please describe the problem' })
  @IsNotEmpty({ message: 'Please describe the problem' })
  @MaxLength(2000, { message: 'Description is too long' })
  description!: string;

  @ClaimPhotos() photos?: string[];

  /** The items of a bundle the claim is about (absent: all of them). */
  @IsOptional()
  @IsArray({ message: "productIds must be a list of the order's items" })
  @ArrayMinSize(1, { message: 'Choose at least one item' })
  @ArrayMaxSize(BUNDLE_MAX_ITEMS, { message: "productIds must be a list of the order's items" })
  @ArrayUnique({ message: 'Each item can be chosen once' })
  @IsUUID('all', { each: true, message: 'productIds must be product ids' })
  productIds?: string[];
}

/** `POST /api/orders/{id}/claim/response` body (the seller). */
export class RespondToClaimDto {
  @IsBoolean({ message: 'accept must be true or false' }) accept!: boolean;
  @Transform(trim) @IsOptional() @IsString() @MaxLength(2000, { message: 'Statement is too long' }) statement?: string;
  /** The seller's evidence (the item as packed, the receipt of postage…): support sees it beside the buyer's. */
  @ClaimPhotos() photos?: string[];
}

/** `POST /api/support/claims/{id}/decision` body. */
export class DecideClaimDto {
  @IsIn(['refund', 'release'], { message: 'outcome must be refund or release' }) outcome!: 'refund' | 'release';
  @Transform(trim)
  @IsString({ message: 'Please give the reason' })
  @IsNotEmpty({ message: 'Please give the reason' })
  @MaxLength(2000)
  reason!: string;
  /** With a refund: the buyer sends the item back with tracking first; the refund is made once it is back. */
  @IsOptional() @IsBoolean({ message: 'returnFirst must be true or false' }) returnFirst?: boolean;
}

/** One open claim in the support queue (`GET /api/support/claims`), oldest first. */
export interface SupportClaimDto {
  claim: ClaimDto;
  order: OrderDetailDto;
}

/** Orders whose card payment is disputed at the buyer's bank (`GET /api/support/disputes`), oldest first. */
export interface SupportCardDisputesPageDto {
  items: OrderDetailDto[];
  nextCursor: string | null;
}

export interface SupportClaimsPageDto {
  items: SupportClaimDto[];
  nextCursor: string | null;
}

/** Who is asking about an order: a member (by session) or a guest holding the order's private token. */
export class OrderAccessRequest {
  /** The order id, or a guest's private order token. */
  @IsString() @IsNotEmpty() @MaxLength(100) orderRef!: string;
  @IsOptional() @IsUUID('all') actorId?: string;
}

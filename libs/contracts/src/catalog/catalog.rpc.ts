import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { PAGE_SIZE } from '../pagination/page-query.dto';
import { RESERVATION_HOURS } from './reservations';
import { CreateProductDto, ProductQueryDto, SELLER_PRODUCT_STATUSES, type SellerProductStatus } from './product.dto';

export class CreateProductRequest {
  @IsUUID('all') actorId!: string;
  @ValidateNested() @Type(() => CreateProductDto) product!: CreateProductDto;
}

export class GetProductRequest {
  @IsUUID('all') productId!: string;
  /** For a buyer mid-checkout: a removed product answers CONFLICT ("no longer available") rather than NOT_FOUND. */
  @IsOptional() @IsBoolean() removedAsConflict?: boolean;
  /** Who is looking (absent: a guest, or another service): a reserved item names its buyer only to them and the seller. */
  @IsOptional() @IsUUID('all') viewerId?: string;
}

export class ListProductsRequest {
  @ValidateNested() @Type(() => ProductQueryDto) query!: ProductQueryDto;
  /**
   * When the viewer last changed their listings (ms since the epoch, kept in their session by the gateway): for a
   * short while after it, catalog reads their list from the primary, so it shows their change even while a replica
   * lags. Not a permission: it only picks the server. Absent: a replica may answer.
   */
  @IsOptional() @IsInt() @Min(0) wroteAt?: number;
}

/** Soft removal; only the seller may do it. */
export class RemoveProductRequest {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') productId!: string;
}

/**
 * The seller puts a listing back on sale: a removed one, or one whose order was cancelled, refunded or returned
 * (CONFLICT with a sentence otherwise).
 */
export class RelistProductRequest extends RemoveProductRequest {}

/**
 * The seller edits a listing (`PATCH /api/products/{id}`): `changes` holds any fields of the sell form
 * (`CreateProductDto`); catalog validates the listing as it would be after them with the sell form's own rules, so
 * an unknown field or a bad value is refused there, once. CONFLICT with a sentence while sold or in a checkout.
 */
export class UpdateProductRequest extends RemoveProductRequest {
  @IsObject() changes!: Record<string, unknown>;
}

/**
 * The seller reserves a listing on sale for one member (`POST /api/products/{id}/reserve`) for `hours` (48 when
 * absent), or extends the reservation of the same member. FORBIDDEN for anyone but the seller and for the seller
 * themself as the buyer; CONFLICT with a sentence while sold, off sale, in another buyer's checkout or reserved for
 * someone else.
 */
export class ReserveProductRequest extends RemoveProductRequest {
  @IsUUID('all') buyerId!: string;
  @IsOptional() @IsInt() @Min(RESERVATION_HOURS.min) @Max(RESERVATION_HOURS.max) hours?: number;
}

/** The seller lifts the reservation (`DELETE /api/products/{id}/reserve`); nothing to lift is no error. */
export class LiftReservationRequest extends RemoveProductRequest {}

/** A page of a seller's active and sold products, or of one status (profile tabs), newest first. */
export class ListSellerProductsRequest {
  @IsUUID('all') sellerId!: string;
  @IsOptional() @IsIn(SELLER_PRODUCT_STATUSES) status?: SellerProductStatus;
  @IsInt() @Min(1) @Max(PAGE_SIZE.max) limit!: number;
  /** The `nextCursor` of the previous page; an unreadable one is VALIDATION_FAILED 'Invalid cursor'. */
  @IsOptional() @IsString() @MaxLength(500) cursor?: string;
  /** As ListProductsRequest's: the seller's own page shows the listing they just changed. */
  @IsOptional() @IsInt() @Min(0) wroteAt?: number;
}

/** Batch lookup for other services: one call per page, never one per product. */
export class GetProductsByIdsRequest {
  @IsArray() @ArrayMaxSize(500) @IsUUID('all', { each: true }) productIds!: string[];
}

/** Most ids one page of `catalog.product.list-ids` holds (about 400 kB of JSON, well under NATS's 1 MB payload). */
export const PRODUCT_IDS_PAGE_MAX = 10_000;

/** Active products' ids in id order, strictly after `after` (keyset): the sitemap walks them. */
export class ListProductIdsRequest {
  @IsOptional() @IsUUID('all') after?: string;
  @IsInt() @Min(1) @Max(PRODUCT_IDS_PAGE_MAX) limit!: number;
}

export class ListCategoriesRequest {
  @IsOptional() readonly _?: never;
}

/** The Categories page's cards, each with its number of active products. */
export class CountBrowseCategoriesRequest {
  @IsOptional() readonly _?: never;
}

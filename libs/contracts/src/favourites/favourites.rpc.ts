import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import type { ProductDto } from '../catalog/product.dto';
import { PAGE_SIZE } from '../pagination/page-query.dto';

/** Idempotent: favouriting twice changes nothing. Unknown or inactive products are NOT_FOUND. */
export class AddFavouriteRequest {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') productId!: string;
}

export class RemoveFavouriteRequest {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') productId!: string;
}

/**
 * A page of the caller's active favourites as whole products (`isFavorited` true), newest first. favourites answers
 * it alone, from its own copy of the favourited products (see FAVOURITES_RPC.list), in one hop from the gateway.
 */
export class ListFavouritesRequest {
  @IsUUID('all') actorId!: string;
  @IsInt() @Min(1) @Max(PAGE_SIZE.max) limit!: number;
  /** The `nextCursor` of the previous page; an unreadable one is VALIDATION_FAILED 'Invalid cursor'. */
  @IsOptional() @IsString() @MaxLength(500) cursor?: string;
}

export interface FavouritesPage {
  /** Fewer than `limit` when some favourited products are gone and favourites has not yet dropped them. */
  products: ProductDto[];
  /** Set when more favourites follow this page. */
  nextCursor: string | null;
}

/** Which of these products the caller has favourited: one call per page of products. */
export class FavouritedAmongRequest {
  @IsUUID('all') actorId!: string;
  @IsArray() @ArrayMaxSize(500) @IsUUID('all', { each: true }) productIds!: string[];
}

/**
 * Who has a product among their favourites now (a price drop tells each of them): one page of user ids, ascending,
 * after `after`. Asked by notifications.
 */
export class ListFavouritersRequest {
  @IsUUID('all') productId!: string;
  @IsOptional() @IsUUID('all') after?: string;
  @IsInt() @Min(1) @Max(1000) limit!: number;
}

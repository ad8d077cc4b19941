import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
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
 * A page of the caller's active favourites as product ids, newest first. Ids only: the gateway fetches the products
 * from catalog itself, so the product JSON crosses NATS once instead of passing through favourites too.
 */
export class FavouriteIdsRequest {
  @IsUUID('all') actorId!: string;
  @IsInt() @Min(1) @Max(PAGE_SIZE.max) limit!: number;
  /** The `nextCursor` of the previous page; an unreadable one is VALIDATION_FAILED 'Invalid cursor'. */
  @IsOptional() @IsString() @MaxLength(500) cursor?: string;
}

export interface FavouriteIdsPage {
  productIds: string[];
  /** Set when more favourites follow this page. */
  nextCursor: string | null;
}

/** Which of these products the caller has favourited: one call per page of products. */
export class FavouritedAmongRequest {
  @IsUUID('all') actorId!: string;
  @IsArray() @ArrayMaxSize(500) @IsUUID('all', { each: true }) productIds!: string[];
}

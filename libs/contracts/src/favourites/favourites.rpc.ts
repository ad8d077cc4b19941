import { ArrayMaxSize, IsArray, IsUUID } from 'class-validator';

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
 * The caller's active favourites as product ids, newest first. Ids only: the gateway fetches the products from
 * catalog itself, so the product JSON crosses NATS once instead of passing through favourites too.
 */
export class FavouriteIdsRequest {
  @IsUUID('all') actorId!: string;
}

/** Which of these products the caller has favourited: one call per page of products. */
export class FavouritedAmongRequest {
  @IsUUID('all') actorId!: string;
  @IsArray() @ArrayMaxSize(500) @IsUUID('all', { each: true }) productIds!: string[];
}

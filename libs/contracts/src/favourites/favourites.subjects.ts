import type { Contract, Done } from '../rpc/contract';
import { AddFavouriteRequest, FavouriteIdsRequest, type FavouriteIdsPage, FavouritedAmongRequest, RemoveFavouriteRequest } from './favourites.rpc';

/** favourites' request/reply subjects. */
export const FAVOURITES_RPC = {
  add: 'favourites.favourite.add',
  remove: 'favourites.favourite.remove',
  ids: 'favourites.favourite.ids',
  favouritedAmong: 'favourites.favourite.which',
} as const;

export interface FavouritesContracts {
  [FAVOURITES_RPC.add]: Contract<AddFavouriteRequest, Done>;
  [FAVOURITES_RPC.remove]: Contract<RemoveFavouriteRequest, Done>;
  /** One page of product ids, newest first (at most PAGE_SIZE.max: fewer than one catalog `getProductsByIds` takes). */
  [FAVOURITES_RPC.ids]: Contract<FavouriteIdsRequest, FavouriteIdsPage>;
  /** Answers the subset of the given ids that the user has favourited. */
  [FAVOURITES_RPC.favouritedAmong]: Contract<FavouritedAmongRequest, string[]>;
}

export const FAVOURITES_REQUEST_TYPES = {
  [FAVOURITES_RPC.add]: AddFavouriteRequest,
  [FAVOURITES_RPC.remove]: RemoveFavouriteRequest,
  [FAVOURITES_RPC.ids]: FavouriteIdsRequest,
  [FAVOURITES_RPC.favouritedAmong]: FavouritedAmongRequest,
} as const;

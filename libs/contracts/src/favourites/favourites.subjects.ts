import type { Contract, Done } from '../rpc/contract';
import {
  AddFavouriteRequest,
  FavouritedAmongRequest,
  type FavouritesPage,
  ListFavouritesRequest,
  RemoveFavouriteRequest,
} from './favourites.rpc';

/** favourites' request/reply subjects. */
export const FAVOURITES_RPC = {
  add: 'favourites.favourite.add',
  remove: 'favourites.favourite.remove',
  list: 'favourites.favourite.list',
  favouritedAmong: 'favourites.favourite.which',
} as const;

export interface FavouritesContracts {
  [FAVOURITES_RPC.add]: Contract<AddFavouriteRequest, Done>;
  [FAVOURITES_RPC.remove]: Contract<RemoveFavouriteRequest, Done>;
  /**
   * One page of the caller's favourites as products, newest first. Answered from favourites' read model of the
   * favourited products (stored when favourited, sellers kept current by identity's events), so the Favorites tab
   * costs one request and one statement instead of a page of ids and a catalog batch call.
   */
  [FAVOURITES_RPC.list]: Contract<ListFavouritesRequest, FavouritesPage>;
  /** Answers the subset of the given ids that the user has favourited. */
  [FAVOURITES_RPC.favouritedAmong]: Contract<FavouritedAmongRequest, string[]>;
}

export const FAVOURITES_REQUEST_TYPES = {
  [FAVOURITES_RPC.add]: AddFavouriteRequest,
  [FAVOURITES_RPC.remove]: RemoveFavouriteRequest,
  [FAVOURITES_RPC.list]: ListFavouritesRequest,
  [FAVOURITES_RPC.favouritedAmong]: FavouritedAmongRequest,
} as const;

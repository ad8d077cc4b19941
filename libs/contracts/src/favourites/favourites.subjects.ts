import type { ProductDto } from '../catalog/product.dto';
import type { Contract, Done } from '../rpc/contract';
import { AddFavouriteRequest, FavouritedAmongRequest, ListFavouritesRequest, RemoveFavouriteRequest } from './favourites.rpc';

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
  [FAVOURITES_RPC.list]: Contract<ListFavouritesRequest, ProductDto[]>;
  /** Answers the subset of the given ids that the user has favourited. */
  [FAVOURITES_RPC.favouritedAmong]: Contract<FavouritedAmongRequest, string[]>;
}

export const FAVOURITES_REQUEST_TYPES = {
  [FAVOURITES_RPC.add]: AddFavouriteRequest,
  [FAVOURITES_RPC.remove]: RemoveFavouriteRequest,
  [FAVOURITES_RPC.list]: ListFavouritesRequest,
  [FAVOURITES_RPC.favouritedAmong]: FavouritedAmongRequest,
} as const;

import { UserExportRequest, type UserExportPage } from '../export/user-export';
import { defineRpc, rpc, type Done } from '../rpc/contract';
import {
  AddFavouriteRequest,
  FavouritedAmongRequest,
  ListFavouritersRequest,
  type FavouritesPage,
  ListFavouritesRequest,
  RemoveFavouriteRequest,
} from './favourites.rpc';

/** favourites' request/reply subjects, each with its request class and reply type. */
export const FAVOURITES_RPC = defineRpc('favourites', {
  add: rpc('favourites.favourite.add', AddFavouriteRequest).returns<Done>(),
  remove: rpc('favourites.favourite.remove', RemoveFavouriteRequest).returns<Done>(),
  /**
   * One page of the caller's favourites as products, newest first. Answered from favourites' read model of the
   * favourited products (stored when favourited, sellers kept current by identity's events), so the Favorites tab
   * costs one request and one statement instead of a page of ids and a catalog batch call.
   */
  list: rpc('favourites.favourite.list', ListFavouritesRequest).returns<FavouritesPage>(),
  /** Answers the subset of the given ids that the user has favourited. */
  favouritedAmong: rpc('favourites.favourite.which', FavouritedAmongRequest).returns<string[]>(),
  /** One page of the product's favouriters' ids (`ListFavouritersRequest`). */
  listFavouriters: rpc('favourites.product.favouriters', ListFavouritersRequest).returns<string[]>(),
  /** One page of one section of a person's data, for their data export (identity's job asks). */
  exportUserData: rpc('favourites.user.export', UserExportRequest).returns<UserExportPage>(),
});

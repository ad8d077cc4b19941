import type { AddFavoriteDto, ProductDto } from '@souvenir/contracts';
import { current, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import type { InfiniteData } from '@reduxjs/toolkit/query';
import { api, nextCursorOf } from './api';
import { patchCachedQueries, productTags, updateCachedProduct } from './cachedCopies';

type RootState = Parameters<typeof api.util.selectInvalidatedBy>[0];
type Dispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

/** One page of the caller's favourites: `nextCursor` comes from the `X-Next-Cursor` header (null on the last page). */
export interface FavoritesPage {
  items: ProductDto[];
  nextCursor: string | null;
}

const FAVORITES_LIST = { type: 'Favorite', id: 'LIST' } as const;

/** A page of the server's default size (24, `PAGE_SIZE` in the contracts), after `cursor` when given. */
function favoritesQuery(cursor: string | null): string {
  return cursor ? `/favorites?${new URLSearchParams({ cursor }).toString()}` : '/favorites';
}

/**
 * Sets `isFavorited` on every cached copy of the product and adds it to (top of the first page) or removes it from
 * (whichever page holds it) the cached favourites lists. Both are found by tag, whatever endpoint holds them.
 * Returns one undo for all of them.
 */
function patchFavorite(dispatch: Dispatch, state: RootState, productId: string, isFavorited: boolean): () => void {
  let snapshot: ProductDto | undefined;
  const undoCopies = updateCachedProduct(dispatch, state, productId, (product) => {
    product.isFavorited = isFavorited;
    snapshot ??= current(product);
  });
  const undoLists = patchCachedQueries(dispatch, state, [FAVORITES_LIST], (data) => {
    const draft = data as InfiniteData<FavoritesPage, string | null>;
    const inPage = draft.pages.find((page) => page.items.some((product) => product.id === productId));
    if (!isFavorited && inPage) inPage.items = inPage.items.filter((product) => product.id !== productId);
    // Newest first: a new favourite goes on top of the first page.
    if (isFavorited && !inPage && snapshot && draft.pages[0])
      draft.pages[0].items.unshift({ ...snapshot, isFavorited: true });
  });
  return () => {
    undoLists();
    undoCopies();
  };
}

export const favoritesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The caller's favourite products, newest first, page after page (keyset cursor in `X-Next-Cursor`). */
    getFavorites: build.infiniteQuery<FavoritesPage, void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ pageParam }) => favoritesQuery(pageParam),
      transformResponse: (items: ProductDto[], meta): FavoritesPage => ({ items, nextCursor: nextCursorOf(meta) }),
      // Its products are copies like any other (`Product` tags: a sale or a favourite patches them in place).
      providesTags: (result) => [
        FAVORITES_LIST,
        ...productTags(result).map(({ id }) => ({ type: 'Favorite' as const, id })),
        ...productTags(result),
      ],
    }),
    addFavorite: build.mutation<{ productId: string; isFavorited: boolean }, AddFavoriteDto['productId']>({
      query: (productId) => ({ url: '/favorites', method: 'POST', body: { productId } satisfies AddFavoriteDto }),
      async onQueryStarted(productId, { dispatch, getState, queryFulfilled }) {
        const undo = patchFavorite(dispatch, getState(), productId, true);
        await queryFulfilled.catch(undo);
      },
      invalidatesTags: (_result, error) => (error ? [] : [FAVORITES_LIST]),
    }),
    removeFavorite: build.mutation<void, string>({
      query: (productId) => ({ url: `/favorites/${encodeURIComponent(productId)}`, method: 'DELETE' }),
      async onQueryStarted(productId, { dispatch, getState, queryFulfilled }) {
        const undo = patchFavorite(dispatch, getState(), productId, false);
        await queryFulfilled.catch(undo);
      },
      invalidatesTags: (_result, error) => (error ? [] : [FAVORITES_LIST]),
    }),
  }),
});

export const { useGetFavoritesInfiniteQuery, useAddFavoriteMutation, useRemoveFavoriteMutation } = favoritesApi;

import type { AddFavoriteDto, ProductDto } from '@souvenir/contracts';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api, nextCursorOf } from './api';
import { catalogApi } from './catalogApi';
import { usersApi } from './usersApi';

type RootState = Parameters<typeof api.util.selectCachedArgsForQuery>[0];
type Dispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

/** One page of the caller's favourites: `nextCursor` comes from the `X-Next-Cursor` header (null on the last page). */
export interface FavoritesPage {
  items: ProductDto[];
  nextCursor: string | null;
}

/** A page of the server's default size (24, `PAGE_SIZE` in the contracts), after `cursor` when given. */
function favoritesQuery(cursor: string | null): string {
  return cursor ? `/favorites?${new URLSearchParams({ cursor }).toString()}` : '/favorites';
}

/**
 * Sets `isFavorited` on every cached copy of the product (browse pages, all-products, detail, profile listings)
 * and adds it to (top of the first page) or removes it from (whichever page holds it) the cached favourites pages.
 * Returns one undo for all of them.
 */
function patchFavorite(dispatch: Dispatch, state: RootState, productId: string, isFavorited: boolean): () => void {
  const undos: Array<() => void> = [];
  let snapshot: ProductDto | undefined;
  const mark = (product: ProductDto) => {
    if (product.id !== productId) return;
    product.isFavorited = isFavorited;
    snapshot ??= { ...product, images: [...product.images], seller: { ...product.seller } };
  };

  for (const args of catalogApi.util.selectCachedArgsForQuery(state, 'getProducts')) {
    undos.push(
      dispatch(
        catalogApi.util.updateQueryData('getProducts', args, (draft) =>
          draft.pages.forEach((page) => page.items.forEach(mark)),
        ),
      ).undo,
    );
  }
  if (catalogApi.util.selectCachedArgsForQuery(state, 'getProduct').includes(productId)) {
    undos.push(dispatch(catalogApi.util.updateQueryData('getProduct', productId, mark)).undo);
  }
  for (const args of usersApi.util.selectCachedArgsForQuery(state, 'getUserProducts')) {
    undos.push(
      dispatch(
        usersApi.util.updateQueryData('getUserProducts', args, (draft) =>
          draft.pages.forEach((page) => page.items.forEach(mark)),
        ),
      ).undo,
    );
  }
  for (const args of favoritesApi.util.selectCachedArgsForQuery(state, 'getFavorites')) {
    undos.push(
      dispatch(
        favoritesApi.util.updateQueryData('getFavorites', args, (draft) => {
          const inPage = draft.pages.find((page) => page.items.some((product) => product.id === productId));
          if (!isFavorited && inPage) inPage.items = inPage.items.filter((product) => product.id !== productId);
          // Newest first: a new favourite goes on top of the first page.
          if (isFavorited && !inPage && snapshot && draft.pages[0])
            draft.pages[0].items.unshift({ ...snapshot, isFavorited: true });
        }),
      ).undo,
    );
  }
  return () => undos.reverse().forEach((undo) => undo());
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
      providesTags: (result) => [
        { type: 'Favorite', id: 'LIST' },
        ...(result?.pages.flatMap((page) =>
          page.items.map((product) => ({ type: 'Favorite' as const, id: product.id })),
        ) ?? []),
      ],
    }),
    addFavorite: build.mutation<{ productId: string; isFavorited: boolean }, AddFavoriteDto['productId']>({
      query: (productId) => ({ url: '/favorites', method: 'POST', body: { productId } satisfies AddFavoriteDto }),
      async onQueryStarted(productId, { dispatch, getState, queryFulfilled }) {
        const undo = patchFavorite(dispatch, getState(), productId, true);
        await queryFulfilled.catch(undo);
      },
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Favorite', id: 'LIST' }]),
    }),
    removeFavorite: build.mutation<void, string>({
      query: (productId) => ({ url: `/favorites/${encodeURIComponent(productId)}`, method: 'DELETE' }),
      async onQueryStarted(productId, { dispatch, getState, queryFulfilled }) {
        const undo = patchFavorite(dispatch, getState(), productId, false);
        await queryFulfilled.catch(undo);
      },
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Favorite', id: 'LIST' }]),
    }),
  }),
});

export const { useGetFavoritesInfiniteQuery, useAddFavoriteMutation, useRemoveFavoriteMutation } = favoritesApi;

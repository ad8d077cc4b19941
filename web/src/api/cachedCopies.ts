import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ProductDto } from '@souvenir/contracts';
import { api } from './api';

type RootState = Parameters<typeof api.util.selectInvalidatedBy>[0];
type Dispatch = ThunkDispatch<RootState, unknown, UnknownAction>;
export type CacheTags = Parameters<typeof api.util.selectInvalidatedBy>[1];
export type Undo = () => void;

/** Lists of products for sale (the browse pages): a product that sells leaves them. */
export const PRODUCTS_FOR_SALE = { type: 'Product', id: 'LIST' } as const;

// The slices inject their endpoints into the one `api`, so its own updateQueryData reaches all of them; its type only
// knows the endpoints declared in api.ts (none), hence the looser signature for a name found at run time.
const updateQueryData = api.util.updateQueryData as unknown as (
  endpointName: string,
  args: unknown,
  recipe: (data: unknown) => void,
) => (dispatch: Dispatch) => { undo: Undo };

/**
 * Runs `recipe` on the cached answer of every query that provides one of `tags`. Queries are found by what they
 * provide (selectInvalidatedBy), never by endpoint name, so an endpoint added later is patched as soon as it provides
 * the tag. Returns one undo for all of them (an optimistic change whose request failed).
 */
export function patchCachedQueries(
  dispatch: Dispatch,
  state: RootState,
  tags: CacheTags,
  recipe: (data: unknown) => void,
): Undo {
  const undos = api.util
    .selectInvalidatedBy(state, tags)
    .map(({ endpointName, originalArgs }) => dispatch(updateQueryData(endpointName, originalArgs, recipe)).undo);
  return () => undos.reverse().forEach((undo) => undo());
}

/**
 * The products in an answer: a product, a list of them, a page (`items`) or an infinite query's `pages`. Used both to
 * tag an answer's products and to find their cached copies, so the two always agree on where products are.
 */
export function productsIn(data: unknown): ProductDto[] {
  if (!data || typeof data !== 'object') return [];
  if (Array.isArray(data)) return data.flatMap(productsIn);
  if ('pages' in data) return productsIn(data.pages);
  if ('items' in data) return productsIn(data.items);
  return 'id' in data && typeof data.id === 'string' ? [data as ProductDto] : [];
}

/** The tags of an answer's products: what lets `updateCachedProduct` find it. */
export function productTags(data: unknown) {
  return productsIn(data).map((product) => ({ type: 'Product' as const, id: product.id }));
}

/** Changes every cached copy of the product (details, browse pages, profile tabs, favourites ...). */
export function updateCachedProduct(
  dispatch: Dispatch,
  state: RootState,
  productId: string,
  update: (product: ProductDto) => void,
): Undo {
  return patchCachedQueries(dispatch, state, [{ type: 'Product', id: productId }], (data) =>
    productsIn(data)
      .filter((product) => product.id === productId)
      .forEach(update),
  );
}

/** Takes the product out of every page of a cached list (one page or an infinite query's pages). */
export function removeFromList(data: unknown, productId: string): void {
  if (!data || typeof data !== 'object') return;
  if ('pages' in data && Array.isArray(data.pages)) data.pages.forEach((page) => removeFromList(page, productId));
  if ('items' in data && Array.isArray(data.items))
    data.items = data.items.filter((product: ProductDto) => product.id !== productId);
}

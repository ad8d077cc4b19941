import { afterEach, describe, expect, it } from '@jest/globals';
import { configureStore } from '@reduxjs/toolkit';
import type { ProductDto, ProductPageDto } from '@souvenir/contracts';
import { api } from './api';
import {
  PRODUCTS_FOR_SALE,
  patchCachedQueries,
  productTags,
  removeFromList,
  updateCachedProduct,
} from './cachedCopies';
import { catalogApi } from './catalogApi';
import { favoritesApi, type FavoritesPage } from './favoritesApi';
import { paymentsApi } from './paymentsApi';
import { usersApi } from './usersApi';

// An endpoint no helper names: it is patched because it provides the products' tags.
const picksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPicks: build.query<ProductDto[], void>({ query: () => '/picks', providesTags: (result) => productTags(result) }),
  }),
});

function product(id: string, changes: Partial<ProductDto> = {}): ProductDto {
  return {
    id,
    title: `Item ${id}`,
    description: 'A souvenir',
    price: '10.00',
    condition: 'new',
    category: 'Ceramics',
    country: 'Portugal',
    images: [`/images/${id}.webp`],
    isCustomsVerified: true,
    isFavorited: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    status: 'active',
    seller: { id: 'seller-1', firstName: 'Ana', lastName: 'Silva' },
    ...changes,
  } as ProductDto;
}

const page = (...items: ProductDto[]): ProductPageDto => ({ items, nextCursor: null, totalCount: items.length });

/** A store whose cache holds product p1 in every kind of answer, p2 beside it in the lists. */
async function storeWithCopies() {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  await store.dispatch(catalogApi.util.upsertQueryData('getProduct', 'p1', product('p1')));
  await store.dispatch(
    catalogApi.util.upsertQueryData(
      'getProducts',
      { search: 'vase' },
      { pages: [page(product('p2')), page(product('p1'))], pageParams: [null, 'c1'] },
    ),
  );
  await store.dispatch(
    usersApi.util.upsertQueryData(
      'getUserProducts',
      { id: 'seller-1', status: 'active' },
      { pages: [page(product('p1'), product('p2'))], pageParams: [null] },
    ),
  );
  await store.dispatch(
    favoritesApi.util.upsertQueryData('getFavorites', undefined, {
      pages: [{ items: [product('p2', { isFavorited: true })], nextCursor: null } satisfies FavoritesPage],
      pageParams: [null],
    }),
  );
  await store.dispatch(picksApi.util.upsertQueryData('getPicks', undefined, [product('p1'), product('p3')]));
  return store;
}

type Store = Awaited<ReturnType<typeof storeWithCopies>>;

/** Every cached product with the given id, whichever query holds it. */
function cachedCopies(store: Store, id: string) {
  const state = store.getState();
  return [
    catalogApi.endpoints.getProduct.select('p1')(state).data,
    ...(catalogApi.endpoints.getProducts
      .select({ search: 'vase' })(state)
      .data?.pages.flatMap((p) => p.items) ?? []),
    ...(usersApi.endpoints.getUserProducts
      .select({ id: 'seller-1', status: 'active' })(state)
      .data?.pages.flatMap((p) => p.items) ?? []),
    ...(picksApi.endpoints.getPicks.select()(state).data ?? []),
  ].filter((copy) => copy?.id === id);
}

const favourites = (store: Store) =>
  favoritesApi.endpoints.getFavorites
    .select()(store.getState())
    .data?.pages.flatMap((p) => p.items.map((i) => i.id));

describe('cached copies of a product', () => {
  it('finds the product in a product, a list, a page and an infinite query', () => {
    expect(productTags(product('p1'))).toEqual([{ type: 'Product', id: 'p1' }]);
    expect(productTags([product('p1'), product('p2')]).map((t) => t.id)).toEqual(['p1', 'p2']);
    expect(productTags({ pages: [page(product('p1')), page(product('p2'))], pageParams: [] }).map((t) => t.id)).toEqual(
      ['p1', 'p2'],
    );
    expect(productTags(undefined)).toEqual([]);
  });

  it('updates every copy, in any endpoint that provides its tag, and undoes it in one call', async () => {
    const store = await storeWithCopies();
    const undo = updateCachedProduct(store.dispatch, store.getState(), 'p1', (copy) => {
      copy.status = 'sold';
    });
    expect(cachedCopies(store, 'p1').map((copy) => copy?.status)).toEqual(['sold', 'sold', 'sold', 'sold']);
    expect(cachedCopies(store, 'p2').map((copy) => copy?.status)).toEqual(['active', 'active']);

    undo();
    expect(cachedCopies(store, 'p1').map((copy) => copy?.status)).toEqual(['active', 'active', 'active', 'active']);
  });

  it('takes a sold product out of the lists of products for sale only', async () => {
    const store = await storeWithCopies();
    patchCachedQueries(store.dispatch, store.getState(), [PRODUCTS_FOR_SALE], (list) => removeFromList(list, 'p1'));
    const browse = catalogApi.endpoints.getProducts.select({ search: 'vase' })(store.getState()).data;
    expect(browse?.pages.map((p) => p.items.map((i) => i.id))).toEqual([['p2'], []]);
    // The seller's tab and the picks are not lists for sale: they keep it.
    expect(cachedCopies(store, 'p1')).toHaveLength(3);
  });
});

describe('favourite toggles', () => {
  it('marks every copy and tops the favourites list at once, and puts all back when the request fails', async () => {
    const store = await storeWithCopies();
    const request = store.dispatch(favoritesApi.endpoints.addFavorite.initiate('p1'));
    expect(cachedCopies(store, 'p1').every((copy) => copy?.isFavorited)).toBe(true);
    expect(favourites(store)).toEqual(['p1', 'p2']);

    await request; // no server in this test: the request fails
    expect(cachedCopies(store, 'p1').some((copy) => copy?.isFavorited)).toBe(false);
    expect(favourites(store)).toEqual(['p2']);
  });

  it('unmarks every copy and takes it out of the favourites list', async () => {
    const store = await storeWithCopies();
    const request = store.dispatch(favoritesApi.endpoints.removeFavorite.initiate('p2'));
    expect(cachedCopies(store, 'p2').some((copy) => copy?.isFavorited)).toBe(false);
    expect(favourites(store)).toEqual([]);
    await request;
    expect(favourites(store)).toEqual(['p2']);
  });
});

describe('a payment found paid', () => {
  const pageFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = pageFetch;
  });

  it('marks every copy of the product sold and takes it out of the browse lists', async () => {
    const store = await storeWithCopies();
    // The gateway's answer to the reconcile call (the browser suites run the real one).
    globalThis.fetch = async () => Response.json({ status: 'paid', productId: 'p1', orderId: 'o1' });
    await store.dispatch(
      paymentsApi.endpoints.reconcilePayment.initiate({ paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret' }),
    );
    // The seller's tabs are invalidated (refetched when shown); the detail and the picks are patched in place.
    expect(cachedCopies(store, 'p1').map((copy) => copy?.status)).toEqual(['sold', 'sold']);
    const browse = catalogApi.endpoints.getProducts.select({ search: 'vase' })(store.getState()).data;
    expect(browse?.pages.flatMap((p) => p.items.map((i) => i.id))).toEqual(['p2']);
  });
});

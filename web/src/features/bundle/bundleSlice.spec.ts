import { describe, expect, it } from '@jest/globals';
import { configureStore } from '@reduxjs/toolkit';
import {
  addedToBundle,
  bundleBought,
  bundleSlice,
  bundleStartedWith,
  emptyBundle,
  refusalToAdd,
  removedFromBundle,
  type AddToBundle,
  type BundleState,
} from './bundleSlice';
import { BUNDLE_STORAGE_KEY, loadBundle, parseBundle, persistBundle } from './bundleStorage';

const reduce = bundleSlice.reducer;
const ana = { id: 's1', name: 'Ana Silva' };
const ben = { id: 's2', name: 'Ben Ito' };
const tenPercent = { minItems: 2, percent: 10 };
const item = (n: number, seller = ana): AddToBundle => ({
  item: { id: `p${n}`, title: `Tile ${n}`, image: `/media/${n}.webp`, price: `${10 + n}.00` },
  seller,
  discount: seller === ana ? tenPercent : null,
});
const withItems = (count: number) =>
  Array.from({ length: count }, (_, i) => item(i + 1)).reduce(
    (state, add) => reduce(state, addedToBundle(add)),
    emptyBundle,
  );

describe('the bundle', () => {
  it('holds items of one seller, each once, with the seller and their discount', () => {
    let state = reduce(emptyBundle, addedToBundle(item(1)));
    state = reduce(state, addedToBundle(item(2)));
    state = reduce(state, addedToBundle(item(2)));
    expect(state.seller).toEqual(ana);
    expect(state.discount).toEqual(tenPercent);
    expect(state.items.map((i) => i.id)).toEqual(['p1', 'p2']);
  });

  it('leaves out an item of another seller: the buyer is asked to start a new bundle instead', () => {
    const state = withItems(2);
    expect(refusalToAdd(state, ben.id, 'p9')).toBe('otherSeller');
    expect(reduce(state, addedToBundle(item(9, ben)))).toBe(state);
    const fresh = reduce(state, bundleStartedWith(item(9, ben)));
    expect(fresh).toEqual({ seller: ben, discount: null, items: [item(9, ben).item] });
  });

  it('holds at most 10 items', () => {
    const full = withItems(10);
    expect(refusalToAdd(full, ana.id, 'p11')).toBe('full');
    expect(reduce(full, addedToBundle(item(11))).items).toHaveLength(10);
    // An item already in it is no refusal.
    expect(refusalToAdd(full, ana.id, 'p3')).toBeNull();
  });

  it('is empty again (no seller) once its last item is removed or bought', () => {
    const two = withItems(2);
    expect(reduce(two, removedFromBundle('p1')).items.map((i) => i.id)).toEqual(['p2']);
    expect(reduce(reduce(two, removedFromBundle('p1')), removedFromBundle('p2'))).toEqual(emptyBundle);
    expect(reduce(two, bundleBought(['p1', 'p2']))).toEqual(emptyBundle);
    // A single item bought elsewhere leaves the rest, and an unrelated purchase changes nothing.
    expect(reduce(two, bundleBought(['p2'])).items.map((i) => i.id)).toEqual(['p1']);
    expect(reduce(two, bundleBought(['other']))).toBe(two);
  });
});

describe('the kept bundle', () => {
  const makeStore = (bundle: BundleState = emptyBundle) =>
    configureStore({ reducer: { bundle: bundleSlice.reducer }, preloadedState: { bundle } });

  it('is written to localStorage on each change and read back as it was', () => {
    window.localStorage.clear();
    const store = makeStore();
    const stop = persistBundle(store);
    store.dispatch(addedToBundle(item(1)));
    store.dispatch(addedToBundle(item(2)));
    expect(loadBundle()).toEqual(store.getState().bundle);
    store.dispatch(removedFromBundle('p1'));
    store.dispatch(removedFromBundle('p2'));
    expect(window.localStorage.getItem(BUNDLE_STORAGE_KEY)).toBeNull();
    stop();
  });

  it('takes the bundle another tab changed', () => {
    const store = makeStore();
    const stop = persistBundle(store);
    const other = reduce(emptyBundle, addedToBundle(item(4)));
    window.dispatchEvent(new StorageEvent('storage', { key: BUNDLE_STORAGE_KEY, newValue: JSON.stringify(other) }));
    expect(store.getState().bundle).toEqual(other);
    stop();
  });

  it('reads anything else than a bundle (an old shape, a hand edit, bad prices) as an empty bundle', () => {
    expect(parseBundle(null)).toEqual(emptyBundle);
    expect(parseBundle('{not json')).toEqual(emptyBundle);
    expect(parseBundle(JSON.stringify({ seller: ana, items: [] }))).toEqual(emptyBundle);
    const kept = parseBundle(
      JSON.stringify({
        seller: ana,
        discount: { minItems: 'two' },
        items: [item(1).item, { id: 'p2', title: 'Bad', image: null, price: '-3' }, { ...item(3).item, extra: 1 }],
      }),
    );
    expect(kept).toEqual({ seller: ana, discount: null, items: [item(1).item, item(3).item] });
  });
});

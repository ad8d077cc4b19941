import type { Store } from '@reduxjs/toolkit';
import { BUNDLE_MAX_ITEMS } from './bundleContract';
import { bundleRestored, emptyBundle, type BundleItem, type BundleState } from './bundleSlice';

/** The bundle lives in localStorage: it survives a closed tab, and every tab of the browser shares one. */
export const BUNDLE_STORAGE_KEY = 'souvenir.bundle';

const isText = (value: unknown): value is string => typeof value === 'string';
const isItem = (value: unknown): value is BundleItem => {
  const item = value as Partial<BundleItem> | null;
  return (
    !!item &&
    isText(item.id) &&
    isText(item.title) &&
    isText(item.price) &&
    /^\d{1,10}(\.\d{1,2})?$/.test(item.price) &&
    (item.image === null || isText(item.image))
  );
};

/** The stored bundle, checked field by field: anything else (an old shape, a hand edit) is an empty bundle. */
export function parseBundle(text: string | null): BundleState {
  try {
    const value = JSON.parse(text ?? 'null') as Partial<BundleState> | null;
    if (!value || !value.seller || !isText(value.seller.id) || !isText(value.seller.name)) return emptyBundle;
    const items = Array.isArray(value.items) ? value.items.filter(isItem).slice(0, BUNDLE_MAX_ITEMS) : [];
    if (items.length === 0) return emptyBundle;
    const discount = value.discount;
    const validDiscount =
      discount && Number.isInteger(discount.minItems) && Number.isInteger(discount.percent) ? discount : null;
    return {
      seller: { id: value.seller.id, name: value.seller.name },
      discount: validDiscount ? { minItems: validDiscount.minItems, percent: validDiscount.percent } : null,
      items: items.map(({ id, title, image, price }) => ({ id, title, image, price })),
    };
  } catch {
    return emptyBundle;
  }
}

/** The bundle this browser kept; empty where there is no storage (the server, private modes). */
export function loadBundle(): BundleState {
  try {
    return parseBundle(window.localStorage.getItem(BUNDLE_STORAGE_KEY));
  } catch {
    return emptyBundle;
  }
}

/**
 * Keeps the store's bundle in localStorage from now on, and takes the bundle another tab changed. Returns the
 * function that stops both.
 */
export function persistBundle(store: Store<{ bundle: BundleState }>): () => void {
  let saved = store.getState().bundle;
  const unsubscribe = store.subscribe(() => {
    const bundle = store.getState().bundle;
    if (bundle === saved) return;
    saved = bundle;
    try {
      if (bundle.items.length === 0) window.localStorage.removeItem(BUNDLE_STORAGE_KEY);
      else window.localStorage.setItem(BUNDLE_STORAGE_KEY, JSON.stringify(bundle));
    } catch {
      // storage full or disabled: the bundle lasts as long as the tab
    }
  });
  const onStorage = (event: StorageEvent) => {
    if (event.key !== BUNDLE_STORAGE_KEY && event.key !== null) return;
    const bundle = parseBundle(event.newValue);
    saved = bundle;
    store.dispatch(bundleRestored(bundle));
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}

import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { BUNDLE_MAX_ITEMS, type BundleDiscountDto } from './bundleContract';

/** What the bundle keeps of an item to show it before the item is read again: the page shows the current copy. */
export interface BundleItem {
  id: string;
  title: string;
  image: string | null;
  price: string;
}

export interface BundleSeller {
  id: string;
  name: string;
}

/**
 * The buyer's bundle: items of one seller, bought together in one payment and one parcel. Client-side only (kept in
 * localStorage by bundleStorage), so a guest can build one too; the server checks everything again at checkout.
 */
export interface BundleState {
  seller: BundleSeller | null;
  /** The seller's discount when the last item was added (the page shows the current one once products load). */
  discount: BundleDiscountDto | null;
  items: BundleItem[];
}

export const emptyBundle: BundleState = { seller: null, discount: null, items: [] };

export interface AddToBundle {
  item: BundleItem;
  seller: BundleSeller;
  discount: BundleDiscountDto | null;
}

/** Why an item cannot be added as it is: another seller's bundle (the buyer may start anew), or it is full. */
export type AddRefusal = 'otherSeller' | 'full' | null;

export function refusalToAdd(bundle: BundleState, sellerId: string, itemId: string): AddRefusal {
  if (bundle.items.some((item) => item.id === itemId)) return null;
  if (bundle.seller && bundle.items.length > 0 && bundle.seller.id !== sellerId) return 'otherSeller';
  return bundle.items.length >= BUNDLE_MAX_ITEMS ? 'full' : null;
}

export const bundleSlice = createSlice({
  name: 'bundle',
  initialState: emptyBundle,
  reducers: {
    /** Adds an item of the bundle's seller (or the first item); another seller's or an 11th item is left out. */
    addedToBundle(state, { payload }: PayloadAction<AddToBundle>) {
      if (refusalToAdd(state, payload.seller.id, payload.item.id)) return;
      state.seller = payload.seller;
      state.discount = payload.discount;
      const known = state.items.find((item) => item.id === payload.item.id);
      if (known) Object.assign(known, payload.item);
      else state.items.push(payload.item);
    },
    /** Drops the bundle of another seller and starts one with this item. */
    bundleStartedWith(_state, { payload }: PayloadAction<AddToBundle>) {
      return { seller: payload.seller, discount: payload.discount, items: [payload.item] };
    },
    removedFromBundle(state, { payload: id }: PayloadAction<string>) {
      const items = state.items.filter((item) => item.id !== id);
      return items.length ? { ...state, items } : emptyBundle;
    },
    /** The items just paid for leave the bundle (all of them: it is empty again). */
    bundleBought(state, { payload: ids }: PayloadAction<string[]>) {
      if (!state.items.some((item) => ids.includes(item.id))) return state;
      const items = state.items.filter((item) => !ids.includes(item.id));
      return items.length ? { ...state, items } : emptyBundle;
    },
    bundleCleared() {
      return emptyBundle;
    },
    /** The bundle as another tab left it (the storage event). */
    bundleRestored(_state, { payload }: PayloadAction<BundleState>) {
      return payload;
    },
  },
});

export const { addedToBundle, bundleStartedWith, removedFromBundle, bundleBought, bundleCleared, bundleRestored } =
  bundleSlice.actions;

export const selectBundle = (state: { bundle: BundleState }) => state.bundle;
export const selectBundleCount = (state: { bundle: BundleState }) => state.bundle.items.length;

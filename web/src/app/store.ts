import { configureStore } from '@reduxjs/toolkit';
import { api } from '../api/api';
import { authDialogSlice } from '../features/auth/authDialogSlice';
import { bundleSlice, type BundleState } from '../features/bundle/bundleSlice';
import { loadBundle, persistBundle } from '../features/bundle/bundleStorage';

/**
 * A new store: the browser's one below, and one per page the gateway renders (prerender.tsx). `bundle` is the
 * browser's kept bundle; a page rendered on the server has none (its readers wait for hydration, see useHydratedValue).
 */
export function makeStore(bundle?: BundleState) {
  return configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      [authDialogSlice.name]: authDialogSlice.reducer,
      [bundleSlice.name]: bundleSlice.reducer,
    },
    preloadedState: bundle ? { [bundleSlice.name]: bundle } : undefined,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

const inBrowser = typeof window !== 'undefined';

export const store = makeStore(inBrowser ? loadBundle() : undefined);
if (inBrowser) persistBundle(store);

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

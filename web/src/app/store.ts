import { configureStore } from '@reduxjs/toolkit';
import { api } from '../api/api';
import { authDialogSlice } from '../features/auth/authDialogSlice';

/** A new store: the browser's one below, and one per page the gateway renders (prerender.tsx). */
export function makeStore() {
  return configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      [authDialogSlice.name]: authDialogSlice.reducer,
    },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export const store = makeStore();

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

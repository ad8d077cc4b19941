import { configureStore } from '@reduxjs/toolkit';
import { api } from '../api/api';
import { authDialogSlice } from '../features/auth/authDialogSlice';

export const store = configureStore({
  reducer: {
    [api.reducerPath]: api.reducer,
    [authDialogSlice.name]: authDialogSlice.reducer,
  },
  middleware: (getDefault) => getDefault().concat(api.middleware),
});

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;

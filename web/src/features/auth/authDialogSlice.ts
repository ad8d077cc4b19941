import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type AuthDialog = 'signIn' | 'join' | null;

/** Which auth dialog is open; the header, the Sell page and the product page can open them. */
export const authDialogSlice = createSlice({
  name: 'authDialog',
  initialState: { open: null as AuthDialog },
  reducers: {
    openAuthDialog: (state, action: PayloadAction<Exclude<AuthDialog, null>>) => {
      state.open = action.payload;
    },
    closeAuthDialog: (state) => {
      state.open = null;
    },
  },
});

export const { openAuthDialog, closeAuthDialog } = authDialogSlice.actions;

import { createSlice } from '@reduxjs/toolkit';

export type AuthDialog = 'signIn' | 'join' | 'forgotPassword' | null;

/**
 * What the person was doing when they were asked to sign in, done for them once they have signed in or joined:
 * go to a page (List Item leads to /sell), or favourite the product whose heart they clicked.
 */
export type AuthIntent = { kind: 'goTo'; path: string } | { kind: 'favorite'; productId: string; title: string };

interface AuthDialogState {
  open: AuthDialog;
  intent: AuthIntent | null;
}

const initialState: AuthDialogState = { open: null, intent: null };

/** Which auth dialog is open, and the intent it was opened for; the header, pages and hearts can open them. */
export const authDialogSlice = createSlice({
  name: 'authDialog',
  initialState,
  reducers: {
    openAuthDialog: {
      reducer: (state, action: { payload: { dialog: Exclude<AuthDialog, null>; intent?: AuthIntent } }) => {
        const { dialog, intent } = action.payload;
        // Switching between Sign In and Join keeps the intent; opening afresh without one forgets an old one.
        state.intent = intent ?? (state.open ? state.intent : null);
        state.open = dialog;
      },
      prepare: (dialog: Exclude<AuthDialog, null>, intent?: AuthIntent) => ({ payload: { dialog, intent } }),
    },
    /** Dismissed (or done): the intent is dropped with the dialog. */
    closeAuthDialog: (state) => {
      state.open = null;
      state.intent = null;
    },
  },
});

export const { openAuthDialog, closeAuthDialog } = authDialogSlice.actions;

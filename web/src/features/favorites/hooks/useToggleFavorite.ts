import { useState } from 'react';
import { useStore } from 'react-redux';
import { asApiError } from '../../../api/api';
import { authApi } from '../../../api/authApi';
import { favoritesApi } from '../../../api/favoritesApi';
import { useAppDispatch } from '../../../app/hooks';
import type { RootState } from '../../../app/store';
import { useToast } from '../../../hooks/useToast';
import { openAuthDialog } from '../../auth/authDialogSlice';

/**
 * Toggles a product's favourite: the heart changes at once (optimistic, undone on failure),
 * then a toast confirms. Signed out, it asks the user to log in (spec section 5) and opens Sign In, after which the
 * product is favourited (the dialog's intent).
 *
 * Every product card has a heart, so the hook holds no store subscription: the session is read when the heart is
 * clicked, and the request is dispatched then (the mutation hooks would add two store listeners per card, and with
 * a session query per card they made mounting a page of 24 cards one long task on a phone).
 */
export function useToggleFavorite(productId: string, favorited: boolean, title: string) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const toast = useToast();
  const [isPending, setPending] = useState(false);

  const toggle = async () => {
    const user = authApi.endpoints.getMe.select()(store.getState()).data;
    if (!user) {
      toast({ title: 'Please log in', description: 'You need to be logged in to add favorites', variant: 'error' });
      dispatch(openAuthDialog('signIn', { kind: 'favorite', productId, title }));
      return;
    }
    if (isPending) return;
    setPending(true);
    const request = favorited
      ? dispatch(favoritesApi.endpoints.removeFavorite.initiate(productId))
      : dispatch(favoritesApi.endpoints.addFavorite.initiate(productId));
    try {
      await request.unwrap();
      toast({ title: favorited ? 'Removed from favorites' : 'Added to favorites' });
    } catch (error) {
      const apiError = asApiError(error);
      const description =
        apiError?.status === 401 ? 'Please log in to add favorites' : (apiError?.serverMessage ?? 'An error occurred');
      toast({ title: 'Error', description, variant: 'error' });
    } finally {
      // The request's entry in the store is not needed once answered (the hooks removed it when unmounted).
      request.reset();
      setPending(false);
    }
  };

  return { toggle, isPending };
}

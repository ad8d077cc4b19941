import { asApiError } from '../../../api/api';
import { useAddFavoriteMutation, useRemoveFavoriteMutation } from '../../../api/favoritesApi';
import { useAppDispatch } from '../../../app/hooks';
import { useToast } from '../../../hooks/useToast';
import { openAuthDialog } from '../../auth/authDialogSlice';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';

/**
 * Toggles a product's favourite: the heart changes at once (optimistic, undone on failure),
 * then a toast confirms. Signed out, it asks the user to log in (spec section 5) and opens Sign In, after which the
 * product is favourited (the dialog's intent).
 */
export function useToggleFavorite(productId: string, favorited: boolean, title: string) {
  const { user } = useCurrentUser();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [addFavorite, added] = useAddFavoriteMutation();
  const [removeFavorite, removed] = useRemoveFavoriteMutation();
  const isPending = added.isLoading || removed.isLoading;

  const toggle = async () => {
    if (!user) {
      toast({ title: 'Please log in', description: 'You need to be logged in to add favorites', variant: 'error' });
      dispatch(openAuthDialog('signIn', { kind: 'favorite', productId, title }));
      return;
    }
    if (isPending) return;
    try {
      if (favorited) {
        await removeFavorite(productId).unwrap();
        toast({ title: 'Removed from favorites' });
      } else {
        await addFavorite(productId).unwrap();
        toast({ title: 'Added to favorites' });
      }
    } catch (error) {
      const apiError = asApiError(error);
      const description =
        apiError?.status === 401 ? 'Please log in to add favorites' : (apiError?.serverMessage ?? 'An error occurred');
      toast({ title: 'Error', description, variant: 'error' });
    }
  };

  return { toggle, isPending };
}

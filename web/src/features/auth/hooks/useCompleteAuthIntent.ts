import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api, asApiError } from '../../../api/api';
import { useAddFavoriteMutation } from '../../../api/favoritesApi';
import { useAppDispatch } from '../../../app/hooks';
import { useToast } from '../../../hooks/useToast';
import type { AuthIntent } from '../authDialogSlice';

/** Finishes what a guest started before signing in or joining (see `AuthIntent`). */
export function useCompleteAuthIntent() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [addFavorite] = useAddFavoriteMutation();

  return useCallback(
    async (intent: AuthIntent) => {
      if (intent.kind === 'goTo') {
        navigate(intent.path);
        return;
      }
      try {
        // Idempotent on the server: a product this member had already favourited stays favourited.
        await addFavorite(intent.productId).unwrap();
        toast({ title: 'Added to favorites', description: `${intent.title} is in your favorites now.` });
      } catch (error) {
        toast({
          title: 'Error',
          description: asApiError(error)?.serverMessage ?? 'An error occurred',
          variant: 'error',
        });
      } finally {
        // Signing in reloads every product with the member's hearts; a reload that was read before this favourite
        // was stored would show the heart empty again, so the product's copies reload once more (after that one).
        dispatch(api.util.invalidateTags([{ type: 'Product', id: intent.productId }]));
      }
    },
    [addFavorite, dispatch, navigate, toast],
  );
}

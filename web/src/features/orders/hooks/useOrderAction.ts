import { useCallback } from 'react';
import { asApiError } from '../../../api/api';
import { useToast } from '../../../hooks/useToast';

/**
 * Runs one order action and tells the outcome in a toast: the success sentence, or the server's own sentence for
 * a refusal (409: not allowed now, 403: the other party's to do, 400: bad input). Resolves to whether it worked.
 */
export function useOrderAction() {
  const toast = useToast();
  return useCallback(
    async (run: () => Promise<unknown>, success: string, failure: string): Promise<boolean> => {
      try {
        await run();
        toast({ title: success, variant: 'success' });
        return true;
      } catch (error) {
        toast({
          title: failure,
          description: asApiError(error)?.serverMessage ?? 'An error occurred',
          variant: 'error',
        });
        return false;
      }
    },
    [toast],
  );
}

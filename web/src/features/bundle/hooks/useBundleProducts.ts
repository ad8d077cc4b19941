import { useCallback, useEffect, useMemo } from 'react';
import { createSelector } from '@reduxjs/toolkit';
import { asApiError } from '../../../api/api';
import { catalogApi } from '../../../api/catalogApi';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { RootState } from '../../../app/store';
import { isReservedNow } from '../../../utils/time';
import type { ProductDto } from '@souvenir/contracts';

/** Why an item of a bundle cannot be bought now, in a few words; null when it can. */
export function unavailableReason(
  product: ProductDto | undefined,
  failed: boolean,
  viewerId: string | undefined,
): string | null {
  if (!product) return failed ? 'No longer available' : null;
  if (product.status === 'sold') return 'Sold';
  if (product.seller.awayUntil) return 'Seller away';
  if (isReservedNow(product.reservedUntil) && product.reservedFor?.id !== viewerId) return 'Reserved';
  if (viewerId && product.seller.id === viewerId) return 'Your own item';
  return null;
}

export interface BundleProductState {
  id: string;
  product: ProductDto | undefined;
  isLoading: boolean;
  /** The item could not be read: removed (404) or another failure. */
  failed: boolean;
  /** The server's sentence when reading it failed otherwise than 404. */
  error?: string;
}

/**
 * The current copy of each of `ids` (the product page's cache, so an item seen a moment ago shows at once): price,
 * status and the seller's discount can have changed since it went in the bundle. `refetch` reads them all again.
 */
export function useBundleProducts(ids: string[]) {
  const dispatch = useAppDispatch();
  const key = ids.join(',');
  useEffect(() => {
    const subscriptions = key ? key.split(',').map((id) => dispatch(catalogApi.endpoints.getProduct.initiate(id))) : [];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [dispatch, key]);
  const selectAll = useMemo(() => {
    const selectors = key ? key.split(',').map((id) => catalogApi.endpoints.getProduct.select(id)) : [];
    return createSelector(selectors as ((state: RootState) => ReturnType<(typeof selectors)[number]>)[], (...results) =>
      results.map((result, index): BundleProductState => ({
        id: key.split(',')[index]!,
        product: result.data,
        isLoading: result.isUninitialized || (result.isLoading && !result.data),
        failed: result.isError && !result.data,
        error:
          result.isError && asApiError(result.error)?.status !== 404
            ? asApiError(result.error)?.serverMessage
            : undefined,
      })),
    );
  }, [key]);
  const states = useAppSelector(selectAll);
  const refetch = useCallback(() => {
    dispatch(catalogApi.util.invalidateTags(key ? key.split(',').map((id) => ({ type: 'Product' as const, id })) : []));
  }, [dispatch, key]);
  return { states, isLoading: states.some((state) => state.isLoading), refetch };
}

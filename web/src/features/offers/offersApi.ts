import type { OfferAction, OfferDto, OffersPageDto } from '@souvenir/contracts';
import { api } from '../../api/api';

export type OffersRole = 'buyer' | 'seller';

const PAGE_SIZE = 20;
const listTag = (role: OffersRole) => ({ type: 'Offer' as const, id: `LIST-${role}` });

/** Offers made (`buyer`) and received (`seller`): `/api/offers`. Every answer reloads both lists of the caller. */
export const offersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listOffers: build.infiniteQuery<OffersPageDto, OffersRole, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) => {
        const search = new URLSearchParams({ role: queryArg, limit: String(PAGE_SIZE) });
        if (pageParam) search.set('cursor', pageParam);
        return `/offers?${search.toString()}`;
      },
      providesTags: (_result, _error, role) => [listTag(role), 'Offer'],
    }),
    makeOffer: build.mutation<OfferDto, { productId: string; amount: string }>({
      query: (body) => ({ url: '/offers', method: 'POST', body }),
      invalidatesTags: [listTag('buyer')],
    }),
    actOnOffer: build.mutation<OfferDto, { id: string; action: OfferAction; amount?: string }>({
      query: ({ id, action, amount }) => ({
        url: `/offers/${encodeURIComponent(id)}/${action}`,
        method: 'POST',
        body: amount ? { amount } : {},
      }),
      invalidatesTags: [listTag('buyer'), listTag('seller')],
    }),
  }),
});

export const { useListOffersInfiniteQuery, useMakeOfferMutation, useActOnOfferMutation } = offersApi;

import type { OfferAction, OfferDto, OffersPageDto } from '@souvenir/contracts';
import { api } from '../../api/api';

export type OffersRole = 'buyer' | 'seller';

const PAGE_SIZE = 20;
const listTag = (role: OffersRole) => ({ type: 'Offer' as const, id: `LIST-${role}` });
const BETWEEN_TAG = { type: 'Offer' as const, id: 'BETWEEN' };

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
    /**
     * The offers between the caller and another person on one item, newest first: the conversation of the two about
     * it shows them with what the caller may do now. Stale on every answer and on each pushed offer.changed.
     */
    listOffersBetween: build.query<OfferDto[], { productId: string; otherUserId: string }>({
      query: ({ productId, otherUserId }) => {
        const search = new URLSearchParams({ productId, withUserId: otherUserId, limit: String(PAGE_SIZE) });
        return `/offers?${search.toString()}`;
      },
      transformResponse: (page: OffersPageDto) => page.items,
      providesTags: [BETWEEN_TAG, 'Offer'],
    }),
    /** An offer on one item, or with `productIds` on a bundle of one seller's items (`productId` its first). */
    makeOffer: build.mutation<OfferDto, { productId: string; amount: string; productIds?: string[] }>({
      query: (body) => ({ url: '/offers', method: 'POST', body }),
      invalidatesTags: [listTag('buyer'), BETWEEN_TAG],
    }),
    /** The seller's offer to everyone who favourited the item: how many got it. */
    offerToFavourites: build.mutation<{ sent: number }, { productId: string; amount: string }>({
      query: ({ productId, amount }) => ({
        url: `/products/${encodeURIComponent(productId)}/offer-to-favourites`,
        method: 'POST',
        body: { amount },
      }),
      invalidatesTags: [listTag('seller'), BETWEEN_TAG],
    }),
    actOnOffer: build.mutation<OfferDto, { id: string; action: OfferAction; amount?: string }>({
      query: ({ id, action, amount }) => ({
        url: `/offers/${encodeURIComponent(id)}/${action}`,
        method: 'POST',
        body: amount ? { amount } : {},
      }),
      invalidatesTags: [listTag('buyer'), listTag('seller'), BETWEEN_TAG],
    }),
  }),
});

export const {
  useListOffersInfiniteQuery,
  useListOffersBetweenQuery,
  useMakeOfferMutation,
  useActOnOfferMutation,
  useOfferToFavouritesMutation,
} = offersApi;

import type {
  BuyerProtectionDto,
  ConfirmTestPaymentDto,
  CreatePaymentIntentDto,
  OrdersDto,
  PaymentIntentDto,
  PaymentStatusDto,
  ReconcilePaymentDto,
  ShippingInfoDto,
  TestPaymentOutcomeDto,
} from '@souvenir/contracts';
import { api } from './api';
import { patchCachedQueries, PRODUCTS_FOR_SALE, removeFromList, updateCachedProduct } from './cachedCopies';

/** One item (`productId`), or a bundle of one seller's items (`productIds`): one payment, one order. */
export type NewPaymentIntent = Pick<
  CreatePaymentIntentDto,
  'amount' | 'checkoutToken' | 'addressId' | 'saveAddress' | 'offerId'
> & {
  guestInfo?: ShippingInfoDto;
} & ({ productId: string; productIds?: never } | { productIds: string[]; productId?: never });

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The order deadlines payments runs with; they change only with its settings. */
    getBuyerProtection: build.query<BuyerProtectionDto, void>({
      query: () => '/buyer-protection',
      keepUnusedDataFor: 3600,
    }),
    /** Starts a payment for the product at its shown price (409 when the price changed or it is no longer available). */
    createPaymentIntent: build.mutation<PaymentIntentDto, NewPaymentIntent>({
      query: (body) => ({ url: '/create-payment-intent', method: 'POST', body }),
    }),
    /** Confirms a test-mode intent with the built-in card form (no Stripe.js). */
    confirmTestPayment: build.mutation<TestPaymentOutcomeDto, ConfirmTestPaymentDto>({
      query: (body) => ({ url: '/payments/test-confirm', method: 'POST', body }),
    }),
    /**
     * Asks for the intent's real state (works without webhooks). When paid, every cached copy of the product is marked
     * sold and the browse lists drop it right away: catalog sells it from an event a moment later, so a refetch now
     * could still answer "active".
     */
    reconcilePayment: build.mutation<PaymentStatusDto, ReconcilePaymentDto>({
      query: (body) => ({ url: '/payments/reconcile', method: 'POST', body }),
      async onQueryStarted(_payment, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data?.status !== 'paid') return;
        const state = getState();
        updateCachedProduct(dispatch, state, data.productId, (product) => {
          product.status = 'sold';
        });
        patchCachedQueries(dispatch, state, [PRODUCTS_FOR_SALE], (list) => removeFromList(list, data.productId));
      },
      invalidatesTags: (result) => (result?.status === 'paid' ? ['Order', 'Category', 'UserProducts'] : []),
    }),
    /** The signed-in user's purchases and sales. */
    getOrders: build.query<OrdersDto, void>({
      query: () => '/orders',
      providesTags: ['Order'],
    }),
  }),
});

export const {
  useGetBuyerProtectionQuery,
  useCreatePaymentIntentMutation,
  useConfirmTestPaymentMutation,
  useReconcilePaymentMutation,
  useGetOrdersQuery,
} = paymentsApi;

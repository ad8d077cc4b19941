import type { Done, OrderReviewsDto, RatingSummaryDto, ReportedReviewsPageDto, ReviewDto } from '@souvenir/contracts';
import { api, nextCursorOf } from '../../api/api';

/** One page of a user's published reviews: `nextCursor` from the `X-Next-Cursor` header (null on the last page). */
export interface ReviewsPage {
  items: ReviewDto[];
  nextCursor: string | null;
}

export const orderReviewsTag = (orderId: string) => ({ type: 'Review' as const, id: `ORDER:${orderId}` });
export const userReviewsTag = (userId: string) => ({ type: 'Review' as const, id: `USER:${userId}` });
const reportedTag = { type: 'Review' as const, id: 'REPORTED' };

/** Reviews of completed orders: the order's two reviews, a profile's reviews and rating, replies. */
export const reviewsApi = api.enhanceEndpoints({ addTagTypes: ['Review'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The order's reviews as the caller (its buyer or seller) sees them. */
    getOrderReviews: build.query<OrderReviewsDto, string>({
      query: (orderId) => `/orders/${encodeURIComponent(orderId)}/review`,
      providesTags: (_result, _error, orderId) => [orderReviewsTag(orderId)],
    }),
    /** Writes the caller's review (`create`) or changes it while hidden (`update`). */
    writeReview: build.mutation<
      OrderReviewsDto,
      { orderId: string; rating: number; text: string; mode: 'create' | 'update' }
    >({
      query: ({ orderId, rating, text, mode }) => ({
        url: `/orders/${encodeURIComponent(orderId)}/review`,
        method: mode === 'create' ? 'POST' : 'PUT',
        body: { rating, text },
      }),
      // The answer is the new state; a publication also changes both people's profiles.
      async onQueryStarted({ orderId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(reviewsApi.util.upsertQueryData('getOrderReviews', orderId, data));
      },
      invalidatesTags: (result) =>
        result?.status === 'published'
          ? [result.mine, result.theirs].flatMap((review) => (review ? [userReviewsTag(review.subjectId)] : []))
          : [],
    }),
    /** A user's published reviews, newest first, page after page. */
    getUserReviews: build.infiniteQuery<ReviewsPage, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) =>
        `/users/${encodeURIComponent(queryArg)}/reviews${pageParam ? `?${new URLSearchParams({ cursor: pageParam })}` : ''}`,
      transformResponse: (items: ReviewDto[], meta): ReviewsPage => ({ items, nextCursor: nextCursorOf(meta) }),
      providesTags: (_result, _error, userId) => [userReviewsTag(userId)],
    }),
    getUserRating: build.query<RatingSummaryDto, string>({
      query: (userId) => `/users/${encodeURIComponent(userId)}/rating`,
      providesTags: (_result, _error, userId) => [userReviewsTag(userId)],
    }),
    /** The reviewed person's one public reply. */
    replyToReview: build.mutation<ReviewDto, { reviewId: string; text: string }>({
      query: ({ reviewId, text }) => ({
        url: `/reviews/${encodeURIComponent(reviewId)}/reply`,
        method: 'POST',
        body: { text },
      }),
      invalidatesTags: (result) => (result ? [userReviewsTag(result.subjectId)] : []),
    }),
    /** Reports a public review to support, once per person (a repeat is 409). */
    reportReview: build.mutation<Done, { reviewId: string; reason: string }>({
      query: ({ reviewId, reason }) => ({
        url: `/reviews/${encodeURIComponent(reviewId)}/report`,
        method: 'POST',
        body: { reason },
      }),
    }),
    /** Support's queue of reported reviews, oldest report first (the first page). */
    getReportedReviews: build.query<ReportedReviewsPageDto, void>({
      query: () => '/support/reviews',
      providesTags: [reportedTag],
    }),
    /** Support hides the review (`hide`: out of the lists and the rating) or dismisses its reports (`dismiss`). */
    moderateReview: build.mutation<Done, { reviewId: string; subjectId: string; action: 'hide' | 'dismiss' }>({
      query: ({ reviewId, action }) => ({
        url: `/support/reviews/${encodeURIComponent(reviewId)}/${action}`,
        method: 'POST',
      }),
      invalidatesTags: (_result, _error, { subjectId, action }) =>
        action === 'hide' ? [reportedTag, userReviewsTag(subjectId)] : [reportedTag],
    }),
  }),
});

export const {
  useGetOrderReviewsQuery,
  useWriteReviewMutation,
  useGetUserReviewsInfiniteQuery,
  useGetUserRatingQuery,
  useReplyToReviewMutation,
  useReportReviewMutation,
  useGetReportedReviewsQuery,
  useModerateReviewMutation,
} = reviewsApi;

import { defineRpc, rpc } from '../rpc/contract';
import type { OrderReviewsDto, RatingSummaryDto, ReviewDto, ReviewsPageDto } from './review.dto';
import {
  CreateReviewRequest,
  GetOrderReviewsRequest,
  GetRatingRequest,
  ListUserReviewsRequest,
  ReplyToReviewRequest,
  UpdateReviewRequest,
} from './reviews.rpc';

/** reviews' request/reply subjects, each with its request class and reply type. */
export const REVIEWS_RPC = defineRpc('reviews', {
  /** Answers the order's reviews as the author now sees them (theirs hidden, or both once published). */
  createReview: rpc('reviews.review.create', CreateReviewRequest).returns<OrderReviewsDto>(),
  updateReview: rpc('reviews.review.update', UpdateReviewRequest).returns<OrderReviewsDto>(),
  replyToReview: rpc('reviews.review.reply', ReplyToReviewRequest).returns<ReviewDto>(),
  /** Published reviews only, newest publication first (keyset cursor). */
  listUserReviews: rpc('reviews.review.list-by-user', ListUserReviewsRequest).returns<ReviewsPageDto>(),
  /** From the summary kept at each publication; a user without reviews has count 0. */
  getRating: rpc('reviews.rating.get', GetRatingRequest).returns<RatingSummaryDto>(),
  getOrderReviews: rpc('reviews.order.get', GetOrderReviewsRequest).returns<OrderReviewsDto>(),
});

import { UserExportRequest, type UserExportPage } from '../export/user-export';
import { CountSupportQueueRequest, type ReportedReviewsCountDto } from '../support/support-queues';
import { defineRpc, rpc, type Done } from '../rpc/contract';
import { ReportSnapshotRequest, type ReportSnapshotDto } from '../moderation/moderation.rpc';
import type {
  OrderReviewsDto,
  RatingSummaryDto,
  ReportedReviewsPageDto,
  ReviewDto,
  ReviewsPageDto,
} from './review.dto';
import {
  CreateReviewRequest,
  GetOrderReviewsRequest,
  GetRatingRequest,
  ListReportedReviewsRequest,
  ListUserReviewsRequest,
  ModerateReviewRequest,
  ReplyToReviewRequest,
  ReportReviewRequest,
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
  /** Once per person and review: a second report is CONFLICT. */
  reportReview: rpc('reviews.review.report', ReportReviewRequest).returns<Done>(),
  /** Support only (FORBIDDEN otherwise): published reviews with open reports, oldest report first. */
  listReportedReviews: rpc('reviews.report.list', ListReportedReviewsRequest).returns<ReportedReviewsPageDto>(),
  /** Support only: how many reviews have open reports (the support nav's count). */
  countReportedReviews: rpc('reviews.report.count', CountSupportQueueRequest).returns<ReportedReviewsCountDto>(),
  /** Support only: the review leaves every list and the reviewed person's rating; its reports are closed. */
  hideReview: rpc('reviews.review.hide', ModerateReviewRequest).returns<Done>(),
  /** Support only: the open reports are closed and the review stays. */
  dismissReports: rpc('reviews.report.dismiss', ModerateReviewRequest).returns<Done>(),
  /** A public review as moderation keeps it with a report (NOT_FOUND unless published and visible). */
  reportSnapshot: rpc('reviews.review.report-snapshot', ReportSnapshotRequest).returns<ReportSnapshotDto>(),
  /** One page of one section of a person's data, for their data export (identity's job asks). */
  exportUserData: rpc('reviews.user.export', UserExportRequest).returns<UserExportPage>(),
});

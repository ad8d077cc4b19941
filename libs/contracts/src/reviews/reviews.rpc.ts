import { IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { PAGE_SIZE } from '../pagination/page-query.dto';
import { ReportReason, ReviewRating, ReviewText } from './review.dto';

/** The buyer or the seller of a completed order writes their review, once. */
export class CreateReviewRequest {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') orderId!: string;
  @ReviewRating() rating!: number;
  @ReviewText() text!: string;
}

/** The author changes their review while it is hidden. */
export class UpdateReviewRequest extends CreateReviewRequest {}

/** The reviewed person's one public reply to a published review. */
export class ReplyToReviewRequest {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') reviewId!: string;
  @ReviewText() text!: string;
}

/** A page of a user's published reviews (about them), newest first. */
export class ListUserReviewsRequest {
  @IsUUID('all') userId!: string;
  @IsInt() @Min(1) @Max(PAGE_SIZE.max) limit!: number;
  /** The `nextCursor` of the previous page; an unreadable one is VALIDATION_FAILED 'Invalid cursor'. */
  @IsOptional() @IsString() @MaxLength(500) cursor?: string;
}

export class GetRatingRequest {
  @IsUUID('all') userId!: string;
}

/** The order's reviews as the caller (one of its two people) sees them. */
export class GetOrderReviewsRequest {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') orderId!: string;
}

/** A signed-in person reports a published review they did not write, once. */
export class ReportReviewRequest {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') reviewId!: string;
  @ReportReason() reason!: string;
}

/** Support's queue of reported reviews (the support role is checked with identity). */
export class ListReportedReviewsRequest {
  @IsUUID('all') actorId!: string;
  @IsInt() @Min(1) @Max(PAGE_SIZE.max) limit!: number;
  @IsOptional() @IsString() @MaxLength(500) cursor?: string;
}

/** Support hides a review, or dismisses its open reports. */
export class ModerateReviewRequest {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') reviewId!: string;
}

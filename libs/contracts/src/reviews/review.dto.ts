import { Transform } from 'class-transformer';
import { IsInt, IsString, MaxLength, Max, Min, MinLength, ValidateBy, type ValidationOptions } from 'class-validator';
import { isPlainText } from '../validation/is-plain-text';

/** A review's limits: 1–5 stars, up to 1,000 characters; a reply has the same length limit. */
export const REVIEW_LIMITS = { ratingMin: 1, ratingMax: 5, textMax: 1000, reportReasonMax: 500 } as const;

export const REVIEW_MESSAGES = {
  rating: 'Choose from 1 to 5 stars',
  textRequired: 'Please write a few words',
  textMax: 'Please keep it under 1,000 characters',
  textPlain: 'Text contains invisible or control characters',
  reasonRequired: 'Please tell us what is wrong with this review',
  reasonMax: 'Please keep it under 500 characters',
} as const;

/**
 * Trims and NFC-normalises a review or reply, with Windows line ends as `\n`: people write paragraphs, so a line
 * break is the one control character a review may hold.
 */
const NormalizedParagraphs = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.replace(/\r\n?/g, '\n').trim().normalize('NFC') : value,
  );

/** Plain text (see `isPlainText`) in which line breaks are allowed. */
function IsPlainParagraphs(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: 'isPlainParagraphs', validator: { validate: (value) => isPlainText(String(value).replace(/\n/g, '')) } },
    options,
  );
}

/** The text of a review or reply: stored and shown as text, never HTML. */
export const ReviewText = (): PropertyDecorator => (target, key) => {
  NormalizedParagraphs()(target, key);
  IsString({ message: REVIEW_MESSAGES.textRequired })(target, key);
  MinLength(1, { message: REVIEW_MESSAGES.textRequired })(target, key);
  MaxLength(REVIEW_LIMITS.textMax, { message: REVIEW_MESSAGES.textMax })(target, key);
  IsPlainParagraphs({ message: REVIEW_MESSAGES.textPlain })(target, key);
};

/** Why someone reports a review: 1–500 characters of plain text (line breaks allowed), read by support. */
export const ReportReason = (): PropertyDecorator => (target, key) => {
  NormalizedParagraphs()(target, key);
  IsString({ message: REVIEW_MESSAGES.reasonRequired })(target, key);
  MinLength(1, { message: REVIEW_MESSAGES.reasonRequired })(target, key);
  MaxLength(REVIEW_LIMITS.reportReasonMax, { message: REVIEW_MESSAGES.reasonMax })(target, key);
  IsPlainParagraphs({ message: REVIEW_MESSAGES.textPlain })(target, key);
};

/** Whole stars from 1 to 5. */
export const ReviewRating = (): PropertyDecorator => (target, key) => {
  IsInt({ message: REVIEW_MESSAGES.rating })(target, key);
  Min(REVIEW_LIMITS.ratingMin, { message: REVIEW_MESSAGES.rating })(target, key);
  Max(REVIEW_LIMITS.ratingMax, { message: REVIEW_MESSAGES.rating })(target, key);
};

/** `POST /api/orders/:id/review` and its `PUT`. */
export class WriteReviewDto {
  @ReviewRating() rating!: number;

  @ReviewText() text!: string;
}

/** `POST /api/reviews/:id/reply`. */
export class ReplyDto {
  @ReviewText() text!: string;
}

/** `POST /api/reviews/:id/report`. */
export class ReportReviewDto {
  @ReportReason() reason!: string;
}

/** Who wrote a review: the buyer reviews the seller (and the item), the seller reviews the buyer. */
export type ReviewRole = 'buyer' | 'seller';

export interface ReviewAuthorDto {
  id: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
}

export interface ReviewDto {
  id: string;
  orderId: string;
  productId: string;
  authorRole: ReviewRole;
  /** From reviews' read model of identity's users; null only while the author's profile has not reached it. */
  author: ReviewAuthorDto | null;
  /** The reviewed person. */
  subjectId: string;
  rating: number;
  text: string;
  createdAt: string;
  updatedAt: string;
  /** Null while the review is hidden (double-blind). */
  publishedAt: string | null;
  /** The reviewed person's one public answer. */
  reply: { text: string; createdAt: string } | null;
}

/** Stars → how many published reviews gave them. */
export type RatingDistribution = Record<'1' | '2' | '3' | '4' | '5', number>;

/** A user's rating from their published reviews, kept by reviews as each is published (never counted at read time). */
export interface RatingSummaryDto {
  userId: string;
  /** Two decimals; null without reviews. */
  average: number | null;
  count: number;
  distribution: RatingDistribution;
}

/** A page of a user's published reviews, newest first. */
export interface ReviewsPageDto {
  items: ReviewDto[];
  nextCursor: string | null;
}

/**
 * The order's reviews as one of its two people sees them. `status`: `not_completed` (reviews knows no completed order
 * by that id: nothing to review yet), `open` (the window runs: hidden reviews), `published` (both wrote or the window
 * ended; the reviews, if any, are public).
 */
export interface OrderReviewsDto {
  orderId: string;
  status: 'not_completed' | 'open' | 'published';
  /** The caller's part in the order; null when not completed. */
  role: ReviewRole | null;
  /** The other person of the order. */
  otherPartyId: string | null;
  /** When hidden reviews are published anyway. */
  windowEndsAt: string | null;
  /** The caller may write (no review yet) or edit (hidden) theirs now. */
  canWrite: boolean;
  mine: ReviewDto | null;
  /** The other person's review: only once published. */
  theirs: ReviewDto | null;
  /** Whether the other person has written theirs (its content stays hidden until publication). */
  theirsWritten: boolean;
}

/** One person's report of a review, as support reads it. */
export interface ReviewReportDto {
  reporterId: string;
  reason: string;
  createdAt: string;
}

/** A published review with open reports, in the support queue. */
export interface ReportedReviewDto {
  review: ReviewDto;
  /** The reviewed person, from reviews' read model of identity's users (null until their profile reached it). */
  subject: ReviewAuthorDto | null;
  /** Open reports (since the last dismissal). */
  reportCount: number;
  /** The first open reports, oldest first (at most REPORTS_SHOWN). */
  reports: ReviewReportDto[];
  /** When the oldest open report was made: the queue's order. */
  reportedAt: string;
}

/** A page of the reported-reviews queue, oldest report first. */
export interface ReportedReviewsPageDto {
  items: ReportedReviewDto[];
  nextCursor: string | null;
}

import { IsDateString, IsInt, IsNumber, IsUUID, Max, Min, ValidateIf } from 'class-validator';
import { defineEvents, event } from '../events/event';

/**
 * A user's rating after a review about them was published, written in the same transaction as the publication.
 * `version` grows with each change of that user's rating, so a read model keeps the newest whatever the order.
 */
export class RatingChangedEvent {
  @IsUUID('all') userId!: string;
  /** Two decimals; null without reviews. */
  @ValidateIf((_, v) => v !== null) @IsNumber({ maxDecimalPlaces: 2 }) @Min(1) @Max(5) average!: number | null;
  @IsInt() @Min(0) count!: number;
  @IsInt() @Min(1) version!: number;
  @IsDateString() occurredAt!: string;
}

/**
 * Someone wrote a review about `subjectId` on an order; it stays hidden (double-blind) until both have written theirs
 * or the window ends. Written in the transaction that stores the review (one event per review, never on an edit).
 */
export class ReviewWrittenEvent {
  @IsUUID('all') reviewId!: string;
  @IsUUID('all') orderId!: string;
  @IsUUID('all') authorId!: string;
  /** The person reviewed. */
  @IsUUID('all') subjectId!: string;
  @IsDateString() occurredAt!: string;
}

/** A review became public (both wrote theirs, or the window ended), in the transaction that publishes it. */
export class ReviewPublishedEvent {
  @IsUUID('all') reviewId!: string;
  @IsUUID('all') orderId!: string;
  @IsUUID('all') authorId!: string;
  /** The person reviewed. */
  @IsUUID('all') subjectId!: string;
  @IsDateString() occurredAt!: string;
}

/**
 * `userId` still has the review of a completed order to write: sent once per person per order, some days after
 * completion (REVIEW_REMINDER_DAYS), only when they have not written it and the window is still open.
 */
export class ReviewReminderDueEvent {
  @IsUUID('all') orderId!: string;
  /** The person who should write the review. */
  @IsUUID('all') userId!: string;
  /** The end of the review window (ISO 8601): after it the order can no longer be reviewed. */
  @IsDateString() dueBy!: string;
  @IsDateString() occurredAt!: string;
}

/** reviews' event subjects, each with its payload class. */
export const REVIEWS_EVENTS = defineEvents('reviews', {
  ratingChanged: event('events.reviews.rating.changed', RatingChangedEvent),
  reviewWritten: event('events.reviews.review.written', ReviewWrittenEvent),
  reviewPublished: event('events.reviews.review.published', ReviewPublishedEvent),
  reminderDue: event('events.reviews.reminder.due', ReviewReminderDueEvent),
});

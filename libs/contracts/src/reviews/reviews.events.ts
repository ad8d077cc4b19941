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

/** reviews' event subjects, each with its payload class. */
export const REVIEWS_EVENTS = defineEvents('reviews', {
  ratingChanged: event('events.reviews.rating.changed', RatingChangedEvent),
});

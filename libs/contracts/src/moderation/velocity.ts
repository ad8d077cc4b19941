import { IsDateString, IsInt, IsOptional, IsString, IsUUID, Min } from 'class-validator';

/**
 * The new-account velocity rule: an account younger than a few days that lists, or starts conversations
 * with new people, far more than usual within an hour is slowed (429 with Retry-After) and queued for support.
 */
export const VELOCITY_MESSAGES = {
  listingsSlowed: (minutes: number) =>
    `New accounts can list only so many items in an hour. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  messagesSlowed: (minutes: number) =>
    `New accounts can start only so many conversations in an hour. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  /** Answered with the 202 of a listing created held: it goes on sale once support has looked at the account. */
  listingQueued:
    'Your listing was saved and will go on sale once our team has checked it. New accounts that list a lot in a short time are checked first.',
} as const;

/**
 * A new account went past its hourly threshold (catalog: listings; messaging: new people written to). Published
 * once per window, by the write that crossed it; moderation opens (or re-queues) a case about the account, origin
 * `velocity`.
 */
export class VelocityExceededEvent {
  @IsUUID('all') userId!: string;
  /** The account's name as the publisher's read model knows it: the case's title in support's queue. */
  @IsString() name!: string;
  /** Writes counted in the window, the one that crossed the threshold included. */
  @IsInt() @Min(1) count!: number;
  @IsDateString() windowStart!: string;
  /** The listing created held (catalog only). */
  @IsOptional() @IsUUID('all') productId?: string;
  @IsDateString() occurredAt!: string;
}

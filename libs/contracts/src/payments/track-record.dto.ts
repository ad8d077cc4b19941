import { ArrayMaxSize, IsArray, IsUUID } from 'class-validator';

/**
 * A seller's track record, computed by payments from its own orders: counters moved in the transaction of
 * each order transition, never counted at read time. Shares are of the seller's closed orders (completed, cancelled
 * or refunded); null while there is none.
 */
export interface TrackRecordDto {
  sellerId: string;
  /** Orders that reached `completed` (money released to the seller). */
  salesCompleted: number;
  /** Mean time from payment to shipping, in hours (one decimal); null before the first shipment. */
  averageHoursToShip: number | null;
  /** Orders closed so far: the denominator of the shares below. */
  ordersClosed: number;
  /** Share (0–1, two decimals) of closed orders cancelled without shipping, not at the buyer's request. */
  cancelledUnshippedShare: number | null;
  /** Share (0–1, two decimals) of closed orders refunded after a buyer's claim. */
  refundedAfterClaimShare: number | null;
}

/** `payments.seller.track-record`: anybody's public track record (a user who never sold gets zeros). */
export class GetTrackRecordRequest {
  @IsUUID('all') sellerId!: string;
}

/**
 * `payments.user.order-counts` (moderation's queue only): how many orders each person bought and sold, counting only
 * orders whose payment went through. One request for a whole page of people.
 */
export class CountOrdersOfPeopleRequest {
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true })
  userIds!: string[];
}

/** One person's orders, as support's queue shows them beside their account age and earlier reports. */
export interface PersonOrderCountsDto {
  userId: string;
  bought: number;
  sold: number;
}

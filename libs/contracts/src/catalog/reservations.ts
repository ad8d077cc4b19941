import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { toNumber } from '../pagination/page-query.dto';

/** How long a reservation lasts: the seller chooses whole hours from 1 to 168 (7 days); 48 unless they choose. */
export const RESERVATION_HOURS = { min: 1, max: 168, default: 48 } as const;

/** The durations the reserve dialog offers (any whole number of hours in range is accepted by the API). */
export const RESERVATION_HOUR_CHOICES = [2, 12, 24, 48, 72, 168] as const;

const HOURS_MESSAGE = `Choose how long to reserve it: a whole number of hours from ${RESERVATION_HOURS.min} to ${RESERVATION_HOURS.max} (7 days)`;

/** `POST /api/products/{id}/reserve`: the member it is reserved for, and for how many hours (48 when absent). */
export class ReserveProductDto {
  @IsUUID('all', { message: 'buyerId must be the id of the member to reserve it for' })
  buyerId!: string;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: HOURS_MESSAGE })
  @Min(RESERVATION_HOURS.min, { message: HOURS_MESSAGE })
  @Max(RESERVATION_HOURS.max, { message: HOURS_MESSAGE })
  hours?: number;
}

/** The reserved buyer as the seller and that buyer see them on the product (nobody else learns who it is). */
export interface ReservedForDto {
  id: string;
  firstName: string;
  lastName: string;
}

/** A reservation's end as the sentences write it, in UTC ("3 Dec 2026, 14:00 UTC"): the API does not know the reader's zone. */
export function reservationEndText(iso: string): string {
  const text = new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  });
  return `${text} UTC`;
}

/** The sentences of reserving (catalog) and of paying for a reserved item (payments), written once. */
export const RESERVATION_MESSAGES = {
  onlySeller: 'Only the seller can reserve this item',
  onlySellerLifts: 'Only the seller can lift this reservation',
  forYourself: 'You cannot reserve your own item for yourself',
  sold: 'This item has been sold, so it cannot be reserved',
  notOnSale: 'This listing is not on sale, so it cannot be reserved. Put it back on sale first.',
  held: 'This listing is waiting for a review by support, so it cannot be reserved',
  moderated: 'Support took this listing off sale, so it cannot be reserved',
  inCheckout: 'Another buyer is paying for this item right now, so it cannot be reserved until their checkout ends',
  youBlocked: 'You blocked this member. Unblock them in Account settings to reserve items for them.',
  blocked: "You can't reserve items for this member.",
  reservedForAnother: (until: string) =>
    `This item is already reserved for another buyer until ${reservationEndText(until)}. Lift that reservation first.`,
  /** payments' 409 to anyone but the reserved buyer. */
  checkoutReserved: (until: string) =>
    `This item is reserved for another buyer until ${reservationEndText(until)}, so only they can buy it until then.`,
  /** payments' 409 to an offer by anyone but the reserved buyer. */
  offerReserved: (until: string) =>
    `This item is reserved for another buyer until ${reservationEndText(until)}, so it takes no offers until then.`,
  /** A checkout that was open when the seller reserved the item for someone else: closed, never charged. */
  checkoutClosedByReservation: 'The seller reserved this item for another buyer. Your card was not charged.',
} as const;

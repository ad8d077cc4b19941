import { Transform } from 'class-transformer';
import {
  IsDateString,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  Min,
  ValidateBy,
} from 'class-validator';

/** Away mode's bounds (docs: services/catalog/README.md, "Away mode"). */
export const AWAY_LIMITS = {
  /** The latest return date, in days from today (UTC): long enough for a holiday, short enough to be true. */
  maxDays: 90,
  messageMax: 500,
} as const;

/** Sentences of away mode, shared by catalog, payments, the gateway and the form. */
export const AWAY_MESSAGES = {
  untilRequired: 'Choose the date you are back',
  untilFormat: 'The return date must be a date like 2026-12-24',
  untilFuture: 'The return date must be after today',
  untilTooFar: `The return date must be within ${AWAY_LIMITS.maxDays} days`,
  messageTooLong: `The away message is too long (maximum ${AWAY_LIMITS.messageMax} characters)`,
  messageNotText: 'The away message contains invisible or control characters',
  /** What the notice before turning it on says (the web form shows the same sentence). */
  paidOrdersKeepDeadlines:
    'Orders already paid keep their ship-by deadlines: ship them, or cancel them, before you leave.',
} as const;

/** "12 December 2026": a return date as every sentence shows it (UTC: the date is a calendar day, not a moment). */
export function formatAwayDate(until: string): string {
  return new Date(`${until}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The 409 of a checkout while the seller is away (payments) and what the product page says. */
export const awayCheckoutMessage = (until: string) =>
  `The seller is away until ${formatAwayDate(until)}. You can buy this item from then.`;

/** The 409 of an offer while the seller is away (payments). */
export const awayOfferMessage = (until: string) =>
  `The seller is away until ${formatAwayDate(until)}. You can make an offer from then.`;

/** The automatic reply when the seller wrote no message of their own. */
export const defaultAwayReply = (until: string) =>
  `I'm away until ${formatAwayDate(until)} and will answer when I'm back.`;

// Controls other than newline and tab, bidi and other format characters (zero-width joiners stay: emoji need them).
const NOT_TEXT = /(?![\n\t\u200C\u200D])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

/** `PUT /api/me/away` body. `until` is the calendar date the seller is back (UTC): away ends as it starts. */
export class SetAwayDto {
  @IsString({ message: AWAY_MESSAGES.untilRequired })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: AWAY_MESSAGES.untilFormat })
  @IsDateString({ strict: true }, { message: AWAY_MESSAGES.untilFormat })
  until!: string;

  /** Optional: an empty one (or only spaces) means none. Plain text, shown escaped wherever it appears. */
  @Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const text = value.replace(/\r\n?/g, '\n').trim().normalize('NFC');
    return text === '' ? null : text;
  })
  @IsOptional()
  @IsString({ message: AWAY_MESSAGES.messageNotText })
  @MaxLength(AWAY_LIMITS.messageMax, { message: AWAY_MESSAGES.messageTooLong })
  @ValidateBy(
    { name: 'isAwayText', validator: { validate: (value) => typeof value !== 'string' || !NOT_TEXT.test(value) } },
    { message: AWAY_MESSAGES.messageNotText },
  )
  message?: string | null;
}

/** `catalog.away.set`: the caller turns away mode on, or changes its date or message. */
export class SetAwayRequest extends SetAwayDto {
  @IsUUID('all') actorId!: string;
}

/** `catalog.away.end`: the caller is back (idempotent). */
export class EndAwayRequest {
  @IsUUID('all') actorId!: string;
}

/** `catalog.away.get`: a person's away state; `actorId` equal to `userId` also answers the message. */
export class GetAwayRequest {
  @IsUUID('all') userId!: string;
  @IsOptional() @IsUUID('all') actorId?: string;
}

/**
 * A person's away mode: `until` is the return date (`YYYY-MM-DD`), null when they are not away. `message` is their
 * automatic reply, answered only to themselves (others read it when they write to them).
 */
export interface AwayModeDto {
  until: string | null;
  message?: string | null;
}

/**
 * A seller went away, changed their dates or message, or came back (`until` null): by themselves or on their return
 * date (catalog's job). `version` grows with every change of this seller's away mode: read models keep the newest.
 */
export class SellerAwayChangedEvent {
  @IsUUID('all') sellerId!: string;
  /** The return date, `YYYY-MM-DD` (away ends at its start, UTC); null: not away. */
  @IsOptional() @IsDateString({ strict: true }) until!: string | null;
  @IsOptional() @IsString() message!: string | null;
  @IsInt() @Min(1) version!: number;
  @IsDateString() occurredAt!: string;
}

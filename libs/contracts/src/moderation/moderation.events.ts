import { ArrayMaxSize, IsArray, IsBoolean, IsDateString, IsIn, IsString, IsUUID } from 'class-validator';
import { defineEvents, event } from '../events/event';
import {
  MODERATION_ACTIONS,
  REPORT_SUBJECT_TYPES,
  type ModerationAction,
  type ReportSubjectType,
} from './moderation.dto';

/**
 * Support decided on reported (or held) content, written in the transaction of the decision. `hide` hides the
 * content in its owning service; `suspend` hides it and suspends `ownerId` (identity refuses sign-in, catalog takes
 * their listings off sale); `dismiss` changes nothing but releases a held listing.
 */
export class ModerationDecidedEvent {
  @IsUUID('all') decisionId!: string;
  @IsUUID('all') reportId!: string;
  @IsIn(REPORT_SUBJECT_TYPES) subjectType!: ReportSubjectType;
  @IsUUID('all') subjectId!: string;
  /** The person the content belongs to (the reported person). */
  @IsUUID('all') ownerId!: string;
  @IsIn(MODERATION_ACTIONS) action!: ModerationAction;
  /** What support wrote for the reported person. */
  @IsString() reason!: string;
  @IsDateString() occurredAt!: string;
}

/**
 * A new listing's text matched the prohibited-keywords list: it waits in support's queue. Catalog takes it off sale
 * until support decides (dismiss puts it back on sale; hide keeps it off).
 */
export class ListingHeldEvent {
  @IsUUID('all') productId!: string;
  @IsUUID('all') sellerId!: string;
  @IsArray() @ArrayMaxSize(500) @IsString({ each: true }) keywords!: string[];
  @IsDateString() occurredAt!: string;
}

/**
 * moderation's keyword check of a new listing is done, whatever it found: `held` when it matched (`listing.held`
 * follows in the same transaction). Alerts tell nobody of a new listing before this, so an alert never names a
 * listing the check takes off sale a moment later.
 */
export class ListingScreenedEvent {
  @IsUUID('all') productId!: string;
  @IsBoolean() held!: boolean;
  @IsDateString() occurredAt!: string;
}

/** moderation's event subjects, each with its payload class. */
export const MODERATION_EVENTS = defineEvents('moderation', {
  decided: event('events.moderation.decision.made', ModerationDecidedEvent),
  listingHeld: event('events.moderation.listing.held', ListingHeldEvent),
  listingScreened: event('events.moderation.listing.screened', ListingScreenedEvent),
});

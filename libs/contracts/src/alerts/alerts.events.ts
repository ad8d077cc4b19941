import { IsDateString, IsString, IsUUID } from 'class-validator';
import { defineEvents, event } from '../events/event';

/**
 * A listing (new, relisted or cheaper) matched someone's saved search: notifications tells its owner in the bell, live,
 * and by the search's daily e-mail as their `savedSearches` setting says. Once per (saved search, product).
 */
export class SavedSearchMatchedEvent {
  @IsUUID('all') matchId!: string;
  @IsUUID('all') savedSearchId!: string;
  /** The saved search's owner. */
  @IsUUID('all') userId!: string;
  /** How the search reads (`savedSearchLabel`). */
  @IsString() label!: string;
  @IsUUID('all') productId!: string;
  @IsString() title!: string;
  @IsString() price!: string;
  @IsDateString() occurredAt!: string;
}

/** alerts' event subjects, each with its payload class. */
export const ALERTS_EVENTS = defineEvents('alerts', {
  searchMatched: event('events.alerts.saved-search.matched', SavedSearchMatchedEvent),
});

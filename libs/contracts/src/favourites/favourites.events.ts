import { IsBoolean, IsDateString, IsInt, IsUUID, Min } from 'class-validator';
import { defineEvents, event } from '../events/event';

/**
 * The state of one user's favourite of one product after a change. `version` grows with every change of that
 * pair, so a consumer can ignore a late, older event (added/removed may arrive in any order).
 */
export class FavouriteChangedEvent {
  @IsUUID('all') userId!: string;
  @IsUUID('all') productId!: string;
  @IsBoolean() favourited!: boolean;
  @IsInt() @Min(1) version!: number;
  @IsDateString() occurredAt!: string;
}

export class FavouriteAddedEvent extends FavouriteChangedEvent {}
export class FavouriteRemovedEvent extends FavouriteChangedEvent {}

/** favourites' event subjects, each with its payload class. */
export const FAVOURITES_EVENTS = defineEvents('favourites', {
  favouriteAdded: event('events.favourites.favourite.added', FavouriteAddedEvent),
  favouriteRemoved: event('events.favourites.favourite.removed', FavouriteRemovedEvent),
});

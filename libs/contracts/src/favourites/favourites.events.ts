import { IsBoolean, IsDateString, IsInt, IsUUID, Min } from 'class-validator';

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

/** favourites' event subjects with their payload classes. */
export const FAVOURITES_EVENTS = {
  favouriteAdded: 'events.favourites.favourite.added',
  favouriteRemoved: 'events.favourites.favourite.removed',
} as const;

export const FAVOURITES_EVENT_TYPES = {
  [FAVOURITES_EVENTS.favouriteAdded]: FavouriteAddedEvent,
  [FAVOURITES_EVENTS.favouriteRemoved]: FavouriteRemovedEvent,
} as const;

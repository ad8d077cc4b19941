import { IsBoolean, IsDateString, IsInt, IsOptional, IsString, IsUUID, Min } from 'class-validator';

/** A user's public profile as it was after a change; `version` orders changes so late arrivals are ignored. */
export class UserProfileChangedEvent {
  @IsUUID('all') userId!: string;
  @IsString() username!: string;
  @IsString() firstName!: string;
  @IsString() lastName!: string;
  @IsOptional() @IsString() avatar!: string | null;
  @IsOptional() @IsString() location!: string | null;
  @IsBoolean() isVerified!: boolean;
  @IsInt() @Min(1) version!: number;
  @IsDateString() occurredAt!: string;
}

/** Published once when an account is created. */
export class UserRegisteredEvent extends UserProfileChangedEvent {}
/** Published after every profile change. */
export class UserUpdatedEvent extends UserProfileChangedEvent {}

/** identity's event subjects with their payload classes. */
export const IDENTITY_EVENTS = {
  userRegistered: 'events.identity.user.registered',
  userUpdated: 'events.identity.user.updated',
} as const;

export const IDENTITY_EVENT_TYPES = {
  [IDENTITY_EVENTS.userRegistered]: UserRegisteredEvent,
  [IDENTITY_EVENTS.userUpdated]: UserUpdatedEvent,
} as const;

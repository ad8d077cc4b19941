import { IsBoolean, IsDateString, IsInt, IsOptional, IsString, IsUUID, Min } from 'class-validator';
import { defineEvents, event } from '../events/event';

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

/** identity's event subjects, each with its payload class. */
export const IDENTITY_EVENTS = defineEvents('identity', {
  userRegistered: event('events.identity.user.registered', UserRegisteredEvent),
  userUpdated: event('events.identity.user.updated', UserUpdatedEvent),
});

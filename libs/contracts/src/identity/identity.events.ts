import { IsBoolean, IsDateString, IsInt, IsOptional, IsString, IsUUID, Min } from 'class-validator';
import { defineEvents, event } from '../events/event';
import {
  EmailChangedEvent,
  EmailChangeRequestedEvent,
  EmailVerificationRequestedEvent,
  NewDeviceSignInEvent,
  PasswordChangedEvent,
  PasswordResetRequestedEvent,
  TwoFactorDisabledEvent,
  TwoFactorEnabledEvent,
} from './account.events';
import { DataExportReadyEvent } from './data-export-ready.event';
import { EmailVerifiedEvent } from './email-verified.event';
import { UserDeletedEvent } from './account-deletion';
import { BlockChangedEvent } from './blocks';

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
  /** When the account was created: catalog and messaging slow new accounts (absent from events published before). */
  @IsOptional() @IsDateString() createdAt?: string;
  @IsDateString() occurredAt!: string;
}

/** Published once when an account is created. */
export class UserRegisteredEvent extends UserProfileChangedEvent {}
/** Published after every profile change. */
export class UserUpdatedEvent extends UserProfileChangedEvent {}

/**
 * Support suspended the account (moderation's decision, applied): sign-in is refused from now on. The gateway ends
 * the person's sessions and live streams when it hears this (after identity refuses sign-in, so none can follow).
 */
export class UserSuspendedEvent {
  @IsUUID('all') userId!: string;
  @IsDateString() occurredAt!: string;
}

/** identity's event subjects, each with its payload class. */
export const IDENTITY_EVENTS = defineEvents('identity', {
  userRegistered: event('events.identity.user.registered', UserRegisteredEvent),
  userUpdated: event('events.identity.user.updated', UserUpdatedEvent),
  /** The account was deleted: each service erases its own personal data about the user. */
  userDeleted: event('events.identity.user.deleted', UserDeletedEvent),
  // The account's mails: notifications writes and sends them.
  passwordResetRequested: event('events.identity.password-reset.requested', PasswordResetRequestedEvent),
  emailVerificationRequested: event('events.identity.email-verification.requested', EmailVerificationRequestedEvent),
  emailChangeRequested: event('events.identity.email-change.requested', EmailChangeRequestedEvent),
  emailChanged: event('events.identity.email.changed', EmailChangedEvent),
  passwordChanged: event('events.identity.password.changed', PasswordChangedEvent),
  twoFactorEnabled: event('events.identity.two-factor.enabled', TwoFactorEnabledEvent),
  twoFactorDisabled: event('events.identity.two-factor.disabled', TwoFactorDisabledEvent),
  newDeviceSignIn: event('events.identity.sign-in.new-device', NewDeviceSignInEvent),
  emailVerified: event('events.identity.email.verified', EmailVerifiedEvent),
  dataExportReady: event('events.identity.data-export.ready', DataExportReadyEvent),
  userSuspended: event('events.identity.user.suspended', UserSuspendedEvent),
  /** A member blocked or unblocked another: messaging, payments and reviews keep it in their read models. */
  blockChanged: event('events.identity.block.changed', BlockChangedEvent),
});

import { IsDateString, IsEmail, IsString, IsUUID, Matches, MaxLength } from 'class-validator';

/**
 * What an account mail needs, carried by identity's events so notifications (the only sender) can write it without
 * asking back: the address, the name to greet, and for a link its path with the raw token. identity stores only
 * the token's hash; the raw token exists in this event and in the mail.
 */
class AccountMailEvent {
  @IsUUID('all') userId!: string;
  @IsEmail() email!: string;
  @IsString() firstName!: string;
  @IsDateString() occurredAt!: string;
}

/** A page of the site with a token (`/reset-password?token=…`); notifications puts it on the site's origin (PUBLIC_URL). */
const LINK_PATH = /^\/[a-z-]+\?token=[A-Za-z0-9_-]{43}$/;

/** Someone asked to reset the password of the account at `email`: the link is valid until `expiresAt`. */
export class PasswordResetRequestedEvent extends AccountMailEvent {
  @Matches(LINK_PATH) linkPath!: string;
  @IsDateString() expiresAt!: string;
}

/** A new account (or its owner asking again) is to confirm its address. */
export class EmailVerificationRequestedEvent extends AccountMailEvent {
  @Matches(LINK_PATH) linkPath!: string;
  @IsDateString() expiresAt!: string;
}

/** The owner asked to move the account to `email` (the new address): it confirms by the link. */
export class EmailChangeRequestedEvent extends AccountMailEvent {
  @Matches(LINK_PATH) linkPath!: string;
  @IsDateString() expiresAt!: string;
}

/** The account moved to `newEmail`; `email` is the old address, told, with a link to undo until `undoUntil`. */
export class EmailChangedEvent extends AccountMailEvent {
  @IsEmail() newEmail!: string;
  @Matches(LINK_PATH) undoLinkPath!: string;
  @IsDateString() undoUntil!: string;
}

/** The password was changed (by its owner or a reset): the owner is told, in case it was not them. */
export class PasswordChangedEvent extends AccountMailEvent {}

/** Two-step sign-in was turned on: the owner is told, in case it was not them. */
export class TwoFactorEnabledEvent extends AccountMailEvent {}

/** Two-step sign-in was turned off: the owner is told, in case it was not them. */
export class TwoFactorDisabledEvent extends AccountMailEvent {}

/**
 * Someone signed in from a device (browser family and network) the account had not used before. Not published for
 * an account's first sign-in, nor at registration.
 */
export class NewDeviceSignInEvent extends AccountMailEvent {
  @IsString() @MaxLength(120) browser!: string;
  @IsString() @MaxLength(64) network!: string;
}

import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { LIMITS, MESSAGES } from '../validation/messages';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The account tokens of mailed links: 32 random bytes in base64url (43 characters). */
export const ACCOUNT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Sentences of the account's recovery and settings, shared by the services, the gateway and the forms. */
export const ACCOUNT_MESSAGES = {
  invalidLink: 'This link is invalid or has expired. Please ask for a new one.',
  wrongPassword: 'Your current password is incorrect',
  sameEmail: 'That is already your e-mail address',
  newPasswordRequired: 'New password is required',
  resetRequested: 'If an account uses that address, we have sent it a link to reset the password.',
  sessionNotFound: 'That session has already ended',
  unverifiedAllowanceUsed:
    'Please verify your e-mail address first: we sent you a link when you joined (you can ask for another one on your account page).',
} as const;

/** A mailed link's token, checked for shape before any lookup (anything else is the same "invalid link"). */
export class AccountTokenDto {
  @IsString({ message: ACCOUNT_MESSAGES.invalidLink })
  @Matches(ACCOUNT_TOKEN_PATTERN, { message: ACCOUNT_MESSAGES.invalidLink })
  token!: string;
}

/** "Forgot password?": `POST /api/auth/password-reset`. */
export class PasswordResetRequestDto {
  @Transform(trim)
  @IsEmail({}, { message: MESSAGES.invalidEmail })
  @MaxLength(LIMITS.emailMax, { message: MESSAGES.invalidEmail })
  email!: string;
}

/** The reset page: `POST /api/auth/password-reset/confirm`. */
export class PasswordResetConfirmDto extends AccountTokenDto {
  @IsString({ message: MESSAGES.passwordMin })
  @MinLength(LIMITS.passwordMin, { message: MESSAGES.passwordMin })
  @MaxLength(LIMITS.passwordMax, { message: 'Password is too long' })
  password!: string;
}

/** Change password: `PUT /api/auth/password`. */
export class ChangePasswordDto {
  @IsString({ message: MESSAGES.passwordRequired })
  @IsNotEmpty({ message: MESSAGES.passwordRequired })
  @MaxLength(LIMITS.passwordMax, { message: ACCOUNT_MESSAGES.wrongPassword })
  currentPassword!: string;

  @IsString({ message: MESSAGES.passwordMin })
  @MinLength(LIMITS.passwordMin, { message: MESSAGES.passwordMin })
  @MaxLength(LIMITS.passwordMax, { message: 'Password is too long' })
  newPassword!: string;
}

/** Change e-mail: `PUT /api/auth/email`; the new address confirms by link. */
export class ChangeEmailDto {
  @IsString({ message: MESSAGES.passwordRequired })
  @IsNotEmpty({ message: MESSAGES.passwordRequired })
  @MaxLength(LIMITS.passwordMax, { message: ACCOUNT_MESSAGES.wrongPassword })
  password!: string;

  @Transform(trim)
  @IsEmail({}, { message: MESSAGES.invalidEmail })
  @MaxLength(LIMITS.emailMax, { message: MESSAGES.invalidEmail })
  email!: string;
}

/** One signed-in device (`GET /api/auth/sessions`). `ip` is masked: its last part hidden. */
export interface SessionDto {
  id: string;
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string;
  /** "Chrome on Linux", from the user agent. */
  browser: string;
  ip: string;
}

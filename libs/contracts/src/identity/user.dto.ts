import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { IsPlainText, NormalizedText } from '../validation/is-plain-text';
import { LIMITS, MESSAGES } from '../validation/messages';
import { TwoFactorCode } from './two-factor.dto';

/** Letters a–z (either case) and digits, with single `.`, `_` or `-` between them. */
export const USERNAME_PATTERN = /^[A-Za-z0-9](?:[._-]?[A-Za-z0-9])*$/;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The profile fields a user edits: Edit Profile dialog and `PUT /api/users/{id}` body. */
export class UpdateProfileDto {
  @NormalizedText()
  @IsString({ message: MESSAGES.firstNameRequired })
  @IsNotEmpty({ message: MESSAGES.firstNameRequired })
  @MaxLength(LIMITS.nameMax, { message: 'First name is too long' })
  @IsPlainText({ message: MESSAGES.firstNameNotPlain })
  firstName!: string;

  @NormalizedText()
  @IsString({ message: MESSAGES.lastNameRequired })
  @IsNotEmpty({ message: MESSAGES.lastNameRequired })
  @MaxLength(LIMITS.nameMax, { message: 'Last name is too long' })
  @IsPlainText({ message: MESSAGES.lastNameNotPlain })
  lastName!: string;

  @NormalizedText()
  @IsOptional()
  @IsString({ message: 'Location must be text' })
  @MaxLength(LIMITS.locationMax, { message: 'Location is too long' })
  @IsPlainText({ message: MESSAGES.locationNotPlain })
  location?: string | null;
}

/** Join form and `identity.user.register` payload: the account fields plus the profile fields. */
export class RegisterDto extends UpdateProfileDto {
  @Transform(trim)
  @IsEmail({}, { message: MESSAGES.invalidEmail })
  @MaxLength(LIMITS.emailMax, { message: MESSAGES.invalidEmail })
  email!: string;

  @IsString({ message: MESSAGES.passwordMin })
  @MinLength(LIMITS.passwordMin, { message: MESSAGES.passwordMin })
  @MaxLength(LIMITS.passwordMax, { message: 'Password is too long' })
  password!: string;

  /**
   * A plain set, so no two usernames look alike: `yukі` (Cyrillic і), full-width `ｙｕｋｉ`, invisible or bidi
   * characters and markup are refused rather than folded. Unique ignoring case (identity's lower(username) index).
   */
  @Transform(trim)
  @IsString({ message: MESSAGES.usernameMin })
  @MinLength(LIMITS.usernameMin, { message: MESSAGES.usernameMin })
  @MaxLength(LIMITS.usernameMax, { message: 'Username is too long' })
  @Matches(USERNAME_PATTERN, { message: MESSAGES.usernameCharacters })
  username!: string;
}

/** Sign In form; the gateway checks it before asking identity. */
export class LoginDto {
  @IsString({ message: MESSAGES.usernameRequired })
  @IsNotEmpty({ message: MESSAGES.usernameRequired })
  @MaxLength(LIMITS.emailMax, { message: MESSAGES.invalidCredentials })
  username!: string;

  @IsString({ message: MESSAGES.passwordRequired })
  @IsNotEmpty({ message: MESSAGES.passwordRequired })
  @MaxLength(LIMITS.passwordMax, { message: MESSAGES.invalidCredentials })
  password!: string;

  /** With two-step sign-in on: the authenticator's code or a recovery code (without it: 401 twoFactorRequired). */
  @IsOptional()
  @TwoFactorCode()
  code?: string;
}

/**
 * A user's role: `support` decides buyers' claims. Nobody can give it to themself: only
 * `npm run support:grant -- USERNAME` (direct database access) sets it.
 */
export const USER_ROLES = ['member', 'support'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * A user's rating from the published reviews about them (reviews' `events.reviews.rating.changed`, kept by the read
 * models that show it); null while there is none.
 */
export interface UserRatingDto {
  /** 1–5, two decimals. */
  average: number;
  count: number;
}

/** What the owner sees of themself (`GET /api/auth/me`). */
/** Where to e-mail a user, and the name to greet them by (`identity.user.get-emails`). */
export interface UserEmailDto {
  userId: string;
  email: string;
  firstName: string;
}

export interface MeDto {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  avatar: string | null;
  location: string | null;
  /**
   * Earned, never set by hand: an active payout account and at least one completed sale without a
   * refunded claim (payments' seller standing); lost when the payout account is restricted.
   */
  isVerified: boolean;
  rating: UserRatingDto | null;
  createdAt: string;
  /** Only the user themself (and the services, through identity.user.get-me) learn it. */
  role: UserRole;
  /** Whether the owner confirmed the address by the mailed link; only the owner learns it. */
  emailVerified: boolean;
  /** Whether two-step sign-in (an authenticator app's code) is on; only the owner learns it. */
  twoFactor: boolean;
}

/** What anybody sees of a user: Me without the email and the role. */
export type UserDto = Omit<MeDto, 'email' | 'role' | 'emailVerified' | 'twoFactor'>;

/** The small form of a user shown beside messages and products. */
export interface UserSummaryDto {
  id: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
}

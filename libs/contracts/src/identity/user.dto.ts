import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { LIMITS, MESSAGES } from '../validation/messages';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The profile fields a user edits: Edit Profile dialog and `PUT /api/users/{id}` body. */
export class UpdateProfileDto {
  @Transform(trim)
  @IsString({ message: MESSAGES.firstNameRequired })
  @IsNotEmpty({ message: MESSAGES.firstNameRequired })
  @MaxLength(LIMITS.nameMax, { message: 'First name is too long' })
  firstName!: string;

  @Transform(trim)
  @IsString({ message: MESSAGES.lastNameRequired })
  @IsNotEmpty({ message: MESSAGES.lastNameRequired })
  @MaxLength(LIMITS.nameMax, { message: 'Last name is too long' })
  lastName!: string;

  @Transform(trim)
  @IsOptional()
  @IsString({ message: 'Location must be text' })
  @MaxLength(LIMITS.locationMax, { message: 'Location is too long' })
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

  @Transform(trim)
  @IsString({ message: MESSAGES.usernameMin })
  @MinLength(LIMITS.usernameMin, { message: MESSAGES.usernameMin })
  @MaxLength(LIMITS.usernameMax, { message: 'Username is too long' })
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
}

/** What the owner sees of themself (`GET /api/auth/me`). */
export interface MeDto {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  avatar: string | null;
  location: string | null;
  isVerified: boolean;
  createdAt: string;
}

/** What anybody sees of a user: Me without the email. */
export type UserDto = Omit<MeDto, 'email'>;

/** The small form of a user shown beside messages and products. */
export interface UserSummaryDto {
  id: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
}

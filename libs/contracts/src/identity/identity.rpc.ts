import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { LoginDto, RegisterDto, UpdateProfileDto } from './user.dto';

/** `identity.user.get`: the public profile of any user. */
export class GetUserRequest {
  @IsUUID('all') userId!: string;
}

/** `identity.user.get-me`: the caller's own account, with email. */
/** Batch lookup for read models that miss several users: one request per page, never one per user. */
export class GetUsersByIdsRequest {
  @IsArray() @ArrayMaxSize(100) @IsUUID('all', { each: true }) userIds!: string[];
}

/**
 * `identity.user.get-emails`: where to e-mail these users (the notifications service's mails); only that
 * service may call it. One request per batch of mails.
 */
export class GetUserEmailsRequest {
  @IsArray() @ArrayMaxSize(100) @IsUUID('all', { each: true }) userIds!: string[];
}

export class GetMeRequest {
  @IsUUID('all') actorId!: string;
}

/** A user's role alone: services that answer support routes ask this, not get-me, which has the e-mail. */
export class GetRoleRequest {
  @IsUUID('all') userId!: string;
}

/**
 * The device a sign-in comes from, as identity remembers it to tell the owner about a new one: the browser family and
 * the network (the address with its last part hidden), never a cookie (see identity's known devices).
 */
export class SignInDeviceDto {
  @IsString() @MaxLength(120) browser!: string;
  @IsString() @MaxLength(64) network!: string;
}

export class RegisterUserRequest extends RegisterDto {
  @IsOptional() @ValidateNested() @Type(() => SignInDeviceDto) device?: SignInDeviceDto;
}
export class VerifyCredentialsRequest extends LoginDto {
  @IsOptional() @ValidateNested() @Type(() => SignInDeviceDto) device?: SignInDeviceDto;
}

/** `identity.user.update`: only the user themself may change their profile. */
export class UpdateUserRequest {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') userId!: string;
  @ValidateNested() @Type(() => UpdateProfileDto) changes!: UpdateProfileDto;
}

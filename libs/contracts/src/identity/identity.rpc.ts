import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsUUID, ValidateNested } from 'class-validator';
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
 * `identity.user.get-emails`: where to e-mail these users (the notifications service's mails, issue 24); only that
 * service may call it. One request per batch of mails.
 */
export class GetUserEmailsRequest {
  @IsArray() @ArrayMaxSize(100) @IsUUID('all', { each: true }) userIds!: string[];
}

export class GetMeRequest {
  @IsUUID('all') actorId!: string;
}

/** A user's role alone (issue 26): services that answer support routes ask this, not get-me, which has the e-mail. */
export class GetRoleRequest {
  @IsUUID('all') userId!: string;
}

export class RegisterUserRequest extends RegisterDto {}
export class VerifyCredentialsRequest extends LoginDto {}

/** `identity.user.update`: only the user themself may change their profile. */
export class UpdateUserRequest {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') userId!: string;
  @ValidateNested() @Type(() => UpdateProfileDto) changes!: UpdateProfileDto;
}

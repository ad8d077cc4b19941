import { IsEmail, IsUUID, MaxLength } from 'class-validator';
import { LIMITS } from '../validation/messages';
import { AccountTokenDto, ChangeEmailDto, ChangePasswordDto, PasswordResetConfirmDto } from './account.dto';

/** `identity.password-reset.request`: mails a reset link if the address is someone's; answers the same either way. */
export class RequestPasswordResetRequest {
  @IsEmail() @MaxLength(LIMITS.emailMax) email!: string;
}

/** `identity.password-reset.confirm`: sets the password once per token; the gateway then ends the user's sessions. */
export class ConfirmPasswordResetRequest extends PasswordResetConfirmDto {}

/** `identity.email-verification.confirm`, `identity.email-change.confirm`, `identity.email-change.undo`. */
export class ConsumeAccountTokenRequest extends AccountTokenDto {}

/** `identity.email-verification.resend`: a new link for the caller's unverified address. */
export class ResendVerificationRequest {
  @IsUUID('all') actorId!: string;
}

/** `identity.password.change`: the caller's current password is required. */
export class ChangePasswordRequest extends ChangePasswordDto {
  @IsUUID('all') actorId!: string;
}

/** `identity.email-change.request`: the caller's password is required; the new address confirms by link. */
export class RequestEmailChangeRequest extends ChangeEmailDto {
  @IsUUID('all') actorId!: string;
}

/** The account a token or a change was about: the gateway ends its sessions or updates its own. */
export interface AccountChangedReply {
  userId: string;
}

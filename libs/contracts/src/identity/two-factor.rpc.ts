import { IsOptional, IsUUID } from 'class-validator';
import { DisableTwoFactorDto, TwoFactorCode, TwoFactorCodeDto } from './two-factor.dto';

/** `identity.two-factor.status` and `identity.two-factor.setup`: the caller's own. */
export class TwoFactorActorRequest {
  @IsUUID('all') actorId!: string;
}

/** `identity.two-factor.enable` and `identity.two-factor.regenerate-codes`. */
export class TwoFactorCodeRequest extends TwoFactorCodeDto {
  @IsUUID('all') actorId!: string;
}

/** `identity.two-factor.disable`: password and code. */
export class DisableTwoFactorRequest extends DisableTwoFactorDto {
  @IsUUID('all') actorId!: string;
}

/**
 * `identity.two-factor.confirm`: before a sensitive change (payout details), a fresh code when two-step sign-in is
 * on; passes when it is off. A missing or wrong code is a 403 with a sentence.
 */
export class ConfirmTwoFactorRequest {
  @IsUUID('all') actorId!: string;
  @IsOptional() @TwoFactorCode() code?: string;
}

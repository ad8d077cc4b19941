import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { LIMITS, MESSAGES } from '../validation/messages';

/** Sentences of two-step sign-in, shared by identity, the gateway and the forms. */
export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  wrongCode: 'That code is not right. Enter the current code from your authenticator app, or a recovery code.',
  alreadyOn: 'Two-step sign-in is already on',
  notOn: 'Two-step sign-in is not on',
  setUpFirst: 'Start the set-up first: scan the code with your authenticator app',
  payoutCodeRequired: 'Enter a code from your authenticator app to change your payout details',
} as const;

/** The six digits an authenticator app shows (RFC 6238 defaults: SHA-1, 30 seconds). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** A recovery code as shown: ten letters and digits in two groups of five (`k7d2m-q9xhp`). */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
/** What a code field accepts before it is checked: a TOTP code or a recovery code, spaces and case forgiven. */
const CODE_SHAPE = /^[0-9A-Za-z -]{6,16}$/;

/** Spaces people type or paste between the groups are not part of the code. */
const normalizeCode = ({ value }: { value: unknown }) =>
  typeof value === 'string' && CODE_SHAPE.test(value) ? value.replace(/ /g, '').toLowerCase() : value;

/** A code field: a 6-digit TOTP code or a recovery code. Anything else (CR/LF included) is refused as a wrong code. */
export function TwoFactorCode(): PropertyDecorator {
  return (target, key) => {
    Transform(normalizeCode)(target, key);
    IsString({ message: TWO_FACTOR_MESSAGES.codeRequired })(target, key);
    Matches(CODE_SHAPE, { message: TWO_FACTOR_MESSAGES.wrongCode })(target, key);
  };
}

/** `POST /api/auth/2fa/enable`, `POST /api/auth/2fa/recovery-codes`: a code proves the app (or a recovery code). */
export class TwoFactorCodeDto {
  @TwoFactorCode() code!: string;
}

/** `POST /api/auth/2fa/disable`: the password and a code, so a session left open cannot turn it off. */
export class DisableTwoFactorDto extends TwoFactorCodeDto {
  @IsString({ message: MESSAGES.passwordRequired })
  @IsNotEmpty({ message: MESSAGES.passwordRequired })
  @MaxLength(LIMITS.passwordMax, { message: MESSAGES.invalidCredentials })
  password!: string;
}

/**
 * `POST /api/auth/2fa/setup`: a new secret for the authenticator app (its `otpauth://` URL for a QR code), and the
 * ten recovery codes that start working when the set-up is confirmed by `enable`. Nothing here is ever shown again.
 */
export interface TwoFactorSetupDto {
  secret: string;
  otpauthUrl: string;
  recoveryCodes: string[];
}

/** `GET /api/auth/2fa`: whether it is on and how many unused recovery codes are left. */
export interface TwoFactorStatusDto {
  enabled: boolean;
  recoveryCodesLeft: number;
}

/** `POST /api/auth/2fa/recovery-codes`: ten new codes; the old ones stop working. */
export interface RecoveryCodesDto {
  recoveryCodes: string[];
}

/** A sensitive change (payout details): with two-step sign-in on, a fresh code is required (403 without one). */
export class FreshTwoFactorCodeDto {
  @IsOptional() @TwoFactorCode() code?: string;
}

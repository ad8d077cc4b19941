import { Type } from 'class-transformer';
import { IsOptional, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { SignInDeviceDto } from './identity.rpc';
import { AddPasskeyDto, PasskeyLoginDto, RemovePasskeyDto } from './passkeys.dto';

/** `identity.passkey.registration-options` and `identity.passkey.list`: the caller's own. */
export class PasskeyActorRequest {
  @IsUUID('all') actorId!: string;
}

/** `identity.passkey.login-options`: nothing is known of the person yet (the passkey names the account). */
export class PasskeyLoginOptionsRequest {}

/** The challenge the gateway kept in the session for this ceremony (base64url), used once. */
const CHALLENGE_MAX = 128;

/** `identity.passkey.add`: verifies the browser's answer against the session's challenge and stores the key. */
export class AddPasskeyRequest extends AddPasskeyDto {
  @IsUUID('all') actorId!: string;
  @IsString() @MaxLength(CHALLENGE_MAX) expectedChallenge!: string;
}

/** `identity.passkey.verify-login`: a signed answer to the session's challenge; the reply is the account signed in. */
export class VerifyPasskeyLoginRequest extends PasskeyLoginDto {
  @IsString() @MaxLength(CHALLENGE_MAX) expectedChallenge!: string;
  @IsOptional() @ValidateNested() @Type(() => SignInDeviceDto) device?: SignInDeviceDto;
}

/** `identity.passkey.remove`: the caller's passkey, with the password. */
export class RemovePasskeyRequest extends RemovePasskeyDto {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') passkeyId!: string;
}

import { IsNotEmpty, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { LIMITS, MESSAGES } from '../validation/messages';

/** Sentences of passkey sign-in, shared by identity, the gateway and the forms. */
export const PASSKEY_MESSAGES = {
  notRecognised: 'That passkey is not recognised here. Sign in with your password, then add a passkey on your account.',
  notVerified: 'The passkey could not be confirmed. Try again.',
  expired: 'The passkey request has expired or was already used. Try again.',
  alreadyAdded: 'That passkey is already on your account',
  notFound: 'That passkey is not on your account',
  nameTooLong: 'Keep the name of the passkey to 60 characters or fewer',
  responseRequired: 'The browser sent no passkey',
} as const;

/** The longest passkey name a person may give. */
export const PASSKEY_NAME_MAX = 60;

/**
 * The options a browser passes to `navigator.credentials.create()` or `.get()`, as WebAuthn's JSON form
 * (`PublicKeyCredentialCreationOptionsJSON` / `…RequestOptionsJSON`); `challenge` is base64url.
 */
export interface PasskeyOptionsDto {
  challenge: string;
  [field: string]: unknown;
}

/** `POST /api/auth/passkeys`: the browser's answer to the registration options, and a name for the list. */
export class AddPasskeyDto {
  @IsOptional()
  @IsString({ message: PASSKEY_MESSAGES.nameTooLong })
  @MaxLength(PASSKEY_NAME_MAX, { message: PASSKEY_MESSAGES.nameTooLong })
  name?: string;

  /** `RegistrationResponseJSON`; its fields are checked by identity's WebAuthn verification. */
  @IsObject({ message: PASSKEY_MESSAGES.responseRequired })
  response!: Record<string, unknown>;
}

/** `POST /api/auth/passkeys/login`: the browser's signed answer to the login options (`AuthenticationResponseJSON`). */
export class PasskeyLoginDto {
  @IsObject({ message: PASSKEY_MESSAGES.responseRequired })
  response!: Record<string, unknown>;
}

/** `DELETE /api/auth/passkeys/{id}`: the password, so a session left open cannot remove a passkey. */
export class RemovePasskeyDto {
  @IsString({ message: MESSAGES.passwordRequired })
  @IsNotEmpty({ message: MESSAGES.passwordRequired })
  @MaxLength(LIMITS.passwordMax, { message: MESSAGES.invalidCredentials })
  password!: string;
}

/** One passkey of the caller's account, as `GET /api/auth/passkeys` lists it (never its key). */
export interface PasskeyDto {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ACCOUNT_MESSAGES,
  ErrorCode,
  MODERATION_MESSAGES,
  MESSAGES,
  PASSKEY_MESSAGES,
  type AddPasskeyRequest,
  type MeDto,
  type PasskeyActorRequest,
  type PasskeyDto,
  type PasskeyLoginOptionsRequest,
  type PasskeyOptionsDto,
  type RemovePasskeyRequest,
  type VerifyPasskeyLoginRequest,
} from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { DataSource } from 'typeorm';
import { IdentityConfig } from '../config/identity.config';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { PasswordHasher } from '../users/password-hasher';
import { toMeDto } from '../users/user.mapper';
import { UsersRepository } from '../users/users.repository';
import { PasskeysRepository, type PasskeyRow } from './passkeys.repository';

const RP_NAME = 'Souvenir Swap';
/** How long the browser may wait for the person (the gateway keeps the challenge as long). */
export const PASSKEY_CEREMONY_TIMEOUT_MS = 5 * 60_000;

/**
 * Passkeys (WebAuthn): adding one to a signed-in account, listing and removing them, and signing in with one.
 * Only discoverable credentials with user verification are asked for, so a passkey alone names the account and proves
 * both something held (the device) and something known or been (its PIN or biometric): a passkey sign-in is two-step.
 */
@Injectable()
export class PasskeysService {
  private readonly rpID: string;
  private readonly origin: string;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: PasskeysRepository,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly twoFactor: TwoFactorService,
    config: IdentityConfig,
  ) {
    const url = new URL(config.PUBLIC_URL);
    this.rpID = url.hostname;
    this.origin = url.origin;
  }

  async registrationOptions(request: PasskeyActorRequest): Promise<PasskeyOptionsDto> {
    const user = await this.users.findById(request.actorId);
    if (!user) throw new DomainError(ErrorCode.Unauthenticated, MESSAGES.notSignedIn);
    const existing = await this.repository.listByUser(this.dataSource.manager, user.id);
    return generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: this.rpID,
      userID: userHandle(user.id),
      userName: user.username,
      userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.username,
      attestationType: 'none',
      timeout: PASSKEY_CEREMONY_TIMEOUT_MS,
      excludeCredentials: existing.map((passkey) => ({
        id: passkey.credentialId,
        transports: passkey.transports as AuthenticatorTransportFuture[],
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    }) as unknown as Promise<PasskeyOptionsDto>;
  }

  async add(request: AddPasskeyRequest): Promise<PasskeyDto> {
    const user = await this.users.findById(request.actorId);
    if (!user) throw new DomainError(ErrorCode.Unauthenticated, MESSAGES.notSignedIn);
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await verifyRegistrationResponse({
        response: request.response as unknown as RegistrationResponseJSON,
        expectedChallenge: request.expectedChallenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        requireUserVerification: true,
      });
    } catch {
      // Whatever the browser (or anyone) sent that does not parse or verify is a refused passkey, never a fault here.
      throw new DomainError(ErrorCode.ValidationFailed, PASSKEY_MESSAGES.notVerified);
    }
    if (!verification.verified) throw new DomainError(ErrorCode.ValidationFailed, PASSKEY_MESSAGES.notVerified);
    const { credential, credentialBackedUp } = verification.registrationInfo;
    const stored = await this.dataSource.transaction((manager) =>
      this.repository.insert(manager, {
        userId: user.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey),
        signCount: credential.counter,
        transports: credential.transports ?? [],
        name: request.name?.trim() || defaultName(credentialBackedUp),
        backedUp: credentialBackedUp,
      }),
    );
    if (!stored) throw DomainError.conflict(PASSKEY_MESSAGES.alreadyAdded);
    return toPasskeyDto(stored);
  }

  async list(request: PasskeyActorRequest): Promise<PasskeyDto[]> {
    return (await this.repository.listByUser(this.dataSource.manager, request.actorId)).map(toPasskeyDto);
  }

  async remove(request: RemovePasskeyRequest): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const user = await this.users.findWithPasswordForUpdate(manager, request.actorId);
      if (!user) throw new DomainError(ErrorCode.Unauthenticated, MESSAGES.notSignedIn);
      if (!(await this.hasher.verify(user.passwordHash, request.password)))
        throw DomainError.forbidden(ACCOUNT_MESSAGES.wrongPassword);
      if (!(await this.repository.remove(manager, user.id, request.passkeyId)))
        throw new DomainError(ErrorCode.NotFound, PASSKEY_MESSAGES.notFound);
    });
  }

  /** No account is named: the browser offers the site's discoverable passkeys, and the chosen one names it. */
  async loginOptions(_request?: PasskeyLoginOptionsRequest): Promise<PasskeyOptionsDto> {
    return generateAuthenticationOptions({
      rpID: this.rpID,
      userVerification: 'required',
      timeout: PASSKEY_CEREMONY_TIMEOUT_MS,
    }) as unknown as Promise<PasskeyOptionsDto>;
  }

  /**
   * A signed answer from a stored passkey: its signature over the session's challenge, for this origin, with the
   * person verified, and a signature counter that moved forward (a cloned authenticator's would not). Anything else,
   * an unknown or removed passkey included, is 401 with a sentence.
   */
  async verifyLogin(request: VerifyPasskeyLoginRequest): Promise<MeDto> {
    const response = request.response as unknown as AuthenticationResponseJSON;
    const credentialId = typeof response.id === 'string' ? response.id : '';
    return this.dataSource.transaction(async (manager) => {
      const passkey = credentialId ? await this.repository.findByCredentialIdForUpdate(manager, credentialId) : null;
      if (!passkey) throw new DomainError(ErrorCode.Unauthenticated, PASSKEY_MESSAGES.notRecognised);
      const handle = (response.response as { userHandle?: unknown } | undefined)?.userHandle;
      if (handle !== undefined && handle !== Buffer.from(userHandle(passkey.userId)).toString('base64url'))
        throw new DomainError(ErrorCode.Unauthenticated, PASSKEY_MESSAGES.notRecognised);
      const newCounter = await this.verifyAssertion(response, request.expectedChallenge, passkey);
      const user = await this.users.findForUpdate(manager, passkey.userId);
      if (!user) throw new DomainError(ErrorCode.Unauthenticated, PASSKEY_MESSAGES.notRecognised);
      if (user.suspendedAt) throw DomainError.forbidden(MODERATION_MESSAGES.suspended);
      await this.repository.recordUse(manager, passkey.id, newCounter);
      if (request.device) await this.twoFactor.rememberSignInDevice(manager, user, request.device);
      return toMeDto(user);
    });
  }

  private async verifyAssertion(
    response: AuthenticationResponseJSON,
    expectedChallenge: string,
    passkey: PasskeyRow,
  ): Promise<number> {
    try {
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        requireUserVerification: true,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(passkey.publicKey),
          counter: passkey.signCount,
          transports: passkey.transports as AuthenticatorTransportFuture[],
        },
      });
      if (result.verified) return result.authenticationInfo.newCounter;
    } catch {
      // A malformed answer, a wrong signature or origin, or a counter that went backwards: refused alike.
    }
    throw new DomainError(ErrorCode.Unauthenticated, PASSKEY_MESSAGES.notVerified);
  }
}

/** The WebAuthn user handle: the account id's 16 bytes (no name or address in it, as the spec asks). */
function userHandle(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId.replace(/-/g, ''), 'hex'));
}

/** A synced passkey lives in a password manager; a device-bound one on a security key or this device. */
function defaultName(backedUp: boolean): string {
  return backedUp ? 'Synced passkey' : 'Passkey on a device';
}

function toPasskeyDto(row: PasskeyRow): PasskeyDto {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

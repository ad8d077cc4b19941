import { createHash, randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ErrorCode,
  EVENTS,
  MESSAGES,
  RECOVERY_CODE_PATTERN,
  TOTP_CODE_PATTERN,
  TWO_FACTOR_MESSAGES,
  ACCOUNT_MESSAGES,
  type ConfirmTwoFactorRequest,
  type DisableTwoFactorRequest,
  type RecoveryCodesDto,
  type SignInDeviceDto,
  type TwoFactorActorRequest,
  type TwoFactorCodeRequest,
  type TwoFactorSetupDto,
  type TwoFactorStatusDto,
} from '@souvenir/contracts';
import { DomainError, Outbox } from '@souvenir/platform';
import { generateSecret, generateURI, verify } from 'otplib';
import type { DataSource, EntityManager } from 'typeorm';
import { PasswordHasher } from '../users/password-hasher';
import type { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { SecretBox } from './secret-box';
import { MAX_FAILED_CODES, TwoFactorRepository, type TwoFactorRow } from './two-factor.repository';

const ISSUER = 'Souvenir Swap';
const RECOVERY_CODE_COUNT = 10;
/** Letters and digits without the look-alikes (0/o, 1/l/i), so a code copied by hand is read right. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** One 30-second step either side of now: a phone's clock a little off, or a code typed as it changes. */
const EPOCH_TOLERANCE_SECONDS = 30;

/** A wrong code: its failure is counted after the attempt's transaction rolls back, then `error` is answered. */
class WrongCode extends Error {
  constructor(
    readonly userId: string,
    readonly error: DomainError,
  ) {
    super(error.message);
  }
}

/**
 * Two-step sign-in with an authenticator app (TOTP, RFC 6238): set-up, enable, disable, recovery codes, the code
 * at sign-in and before sensitive changes, and the "new device" notice at sign-in.
 */
@Injectable()
export class TwoFactorService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: TwoFactorRepository,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly secrets: SecretBox,
    private readonly outbox: Outbox,
  ) {}

  async status(request: TwoFactorActorRequest): Promise<TwoFactorStatusDto> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.repository.findForUpdate(manager, request.actorId);
      if (!row?.enabled) return { enabled: false, recoveryCodesLeft: 0 };
      return { enabled: true, recoveryCodesLeft: await this.repository.countUnusedRecoveryCodes(manager, row.userId) };
    });
  }

  /** A new secret and recovery codes; sign-in is unchanged until `enable` proves the app holds the secret. */
  async setUp(request: TwoFactorActorRequest): Promise<TwoFactorSetupDto> {
    return this.dataSource.transaction(async (manager) => {
      const user = await this.lockUser(manager, request.actorId);
      const existing = await this.repository.findForUpdate(manager, user.id);
      if (existing?.enabled) throw new DomainError(ErrorCode.Conflict, TWO_FACTOR_MESSAGES.alreadyOn);
      const secret = generateSecret();
      await this.repository.savePending(manager, user.id, this.secrets.seal(secret));
      const recoveryCodes = await this.newRecoveryCodes(manager, user.id);
      return { secret, otpauthUrl: generateURI({ issuer: ISSUER, label: user.username, secret }), recoveryCodes };
    });
  }

  /** Only the app's code turns it on (a recovery code proves nothing about the app). */
  async enable(request: TwoFactorCodeRequest): Promise<void> {
    await this.withCode(async (manager) => {
      const user = await this.lockUser(manager, request.actorId);
      const row = await this.repository.findForUpdate(manager, user.id);
      if (!row) throw new DomainError(ErrorCode.ValidationFailed, TWO_FACTOR_MESSAGES.setUpFirst);
      if (row.enabled) throw new DomainError(ErrorCode.Conflict, TWO_FACTOR_MESSAGES.alreadyOn);
      await this.checkCode(manager, row, request.code, { recovery: false, wrong: ErrorCode.ValidationFailed });
      await this.repository.enable(manager, user.id);
      user.twoFactorEnabled = true;
      await this.users.save(manager, user);
      await this.outbox.add(manager, EVENTS.identity.twoFactorEnabled, mailTo(user));
    });
  }

  async disable(request: DisableTwoFactorRequest): Promise<void> {
    await this.withCode(async (manager) => {
      const user = await this.users.findWithPasswordForUpdate(manager, request.actorId);
      if (!user) throw new DomainError(ErrorCode.Unauthenticated, MESSAGES.notSignedIn);
      if (!(await this.hasher.verify(user.passwordHash, request.password)))
        throw DomainError.forbidden(ACCOUNT_MESSAGES.wrongPassword);
      const row = await this.repository.findForUpdate(manager, user.id);
      if (!row?.enabled) throw new DomainError(ErrorCode.Conflict, TWO_FACTOR_MESSAGES.notOn);
      await this.checkCode(manager, row, request.code, { recovery: true, wrong: ErrorCode.Forbidden });
      await this.repository.remove(manager, user.id);
      user.twoFactorEnabled = false;
      await this.users.save(manager, user);
      await this.outbox.add(manager, EVENTS.identity.twoFactorDisabled, mailTo(user));
    });
  }

  async regenerateRecoveryCodes(request: TwoFactorCodeRequest): Promise<RecoveryCodesDto> {
    return this.withCode(async (manager) => {
      const row = await this.repository.findForUpdate(manager, request.actorId);
      if (!row?.enabled) throw new DomainError(ErrorCode.Conflict, TWO_FACTOR_MESSAGES.notOn);
      await this.checkCode(manager, row, request.code, { recovery: true, wrong: ErrorCode.Forbidden });
      return { recoveryCodes: await this.newRecoveryCodes(manager, row.userId) };
    });
  }

  /** Before a sensitive change: a fresh code when it is on (403 with a sentence without one); nothing when off. */
  async confirm(
    request: ConfirmTwoFactorRequest,
    missingCode: string = TWO_FACTOR_MESSAGES.payoutCodeRequired,
  ): Promise<void> {
    await this.withCode(async (manager) => {
      const row = await this.repository.findForUpdate(manager, request.actorId);
      if (!row?.enabled) return;
      if (!request.code) throw DomainError.forbidden(missingCode);
      await this.checkCode(manager, row, request.code, { recovery: true, wrong: ErrorCode.Forbidden });
    });
  }

  /**
   * After a right password: with two-step sign-in on, a valid code is required (TwoFactorRequired otherwise, which
   * the gateway answers 401 `twoFactorRequired`). Then the device is remembered, and the owner mailed if it is new.
   */
  async completeSignIn(user: UserEntity, code: string | undefined, device: SignInDeviceDto | undefined): Promise<void> {
    await this.withCode(async (manager) => {
      if (user.twoFactorEnabled) {
        const row = await this.repository.findForUpdate(manager, user.id);
        if (row?.enabled) {
          if (!code) throw new DomainError(ErrorCode.TwoFactorRequired, TWO_FACTOR_MESSAGES.codeRequired);
          await this.checkCode(manager, row, code, { recovery: true, wrong: ErrorCode.TwoFactorRequired });
        }
      }
      if (device) await this.rememberDevice(manager, user, device);
    });
  }

  /** A device seen at registration is the account's first: later sign-ins from it are not news. */
  async rememberFirstDevice(manager: EntityManager, userId: string, device: SignInDeviceDto): Promise<void> {
    await this.repository.rememberDevice(manager, userId, deviceHash(device));
  }

  /** A sign-in already proven by two factors (a passkey): the device is remembered, and the owner mailed if new. */
  async rememberSignInDevice(manager: EntityManager, user: UserEntity, device: SignInDeviceDto): Promise<void> {
    await this.rememberDevice(manager, user, device);
  }

  private async rememberDevice(manager: EntityManager, user: UserEntity, device: SignInDeviceDto): Promise<void> {
    if (!(await this.repository.rememberDevice(manager, user.id, deviceHash(device)))) return;
    await this.outbox.add(manager, EVENTS.identity.newDeviceSignIn, {
      ...mailTo(user),
      browser: device.browser,
      network: device.network,
    });
  }

  /**
   * Accepts a TOTP code of a time step after the last one used (no replay within its window), or, where allowed, an
   * unused recovery code (then used up). Past `MAX_FAILED_CODES` wrong codes lately, every code is refused for a while.
   */
  private async checkCode(
    manager: EntityManager,
    row: TwoFactorRow,
    code: string,
    options: { recovery: boolean; wrong: ErrorCode },
  ): Promise<void> {
    if (row.failedCodes >= MAX_FAILED_CODES) throw new DomainError(ErrorCode.TooManyAttempts, MESSAGES.tooManyAttempts);
    if (TOTP_CODE_PATTERN.test(code)) {
      const result = await verify({
        secret: this.secrets.open(row.secretCiphertext),
        token: code,
        epochTolerance: EPOCH_TOLERANCE_SECONDS,
        ...(row.lastTimeStep === null ? {} : { afterTimeStep: row.lastTimeStep }),
      });
      if (result.valid)
        return this.repository.accepted(manager, row.userId, 'timeStep' in result ? result.timeStep : null);
    } else if (options.recovery && RECOVERY_CODE_PATTERN.test(code)) {
      if (await this.repository.useRecoveryCode(manager, row.userId, recoveryCodeHash(row.userId, code)))
        return this.repository.accepted(manager, row.userId, null);
    }
    throw new WrongCode(row.userId, new DomainError(options.wrong, TWO_FACTOR_MESSAGES.wrongCode));
  }

  /** Runs `work` in a transaction; a wrong code is counted once it has rolled back, then answered. */
  private async withCode<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(work);
    } catch (error) {
      if (!(error instanceof WrongCode)) throw error;
      await this.dataSource.transaction((manager) => this.repository.recordFailure(manager, error.userId));
      throw error.error;
    }
  }

  private async newRecoveryCodes(manager: EntityManager, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.repository.replaceRecoveryCodes(
      manager,
      userId,
      codes.map((code) => recoveryCodeHash(userId, code)),
    );
    return codes;
  }

  private async lockUser(manager: EntityManager, userId: string): Promise<UserEntity> {
    const user = await this.users.findForUpdate(manager, userId);
    if (!user) throw new DomainError(ErrorCode.Unauthenticated, MESSAGES.notSignedIn);
    return user;
  }
}

function mailTo(user: UserEntity) {
  return { userId: user.id, email: user.email, firstName: user.firstName, occurredAt: new Date().toISOString() };
}

/** Ten characters from a 31-letter alphabet: about 50 bits, enough for a code that also sits behind the limits. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Salted with the account, so one code's hash is no use against another account's. */
function recoveryCodeHash(userId: string, code: string): Buffer {
  return createHash('sha256').update(`${userId}:${code}`).digest();
}

/** A device is its browser family and network (not a cookie): see docs/architecture.md, "known devices". */
function deviceHash(device: SignInDeviceDto): Buffer {
  return createHash('sha256').update(`${device.browser}\n${device.network}`).digest();
}

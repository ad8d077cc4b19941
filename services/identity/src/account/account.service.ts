import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ACCOUNT_MESSAGES,
  ErrorCode,
  EVENTS,
  type AccountChangedReply,
  type ChangePasswordRequest,
  type ConfirmPasswordResetRequest,
  type ConsumeAccountTokenRequest,
  type RequestEmailChangeRequest,
  type RequestPasswordResetRequest,
  type ResendVerificationRequest,
} from '@souvenir/contracts';
import { DomainError, isUniqueViolation, Outbox } from '@souvenir/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { PasswordHasher } from '../users/password-hasher';
import type { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { AccountMail } from './account-mail';
import { AccountTokensRepository } from './account-tokens.repository';

/**
 * A reset request answers after at least this long, whether or not the address is someone's: the work for a known
 * address (a token and an outbox row, a few ms) hides inside it, so the answer's time tells nothing.
 */
export const RESET_ANSWER_FLOOR_MS = 250;

/** Password reset, address verification and change, change of password. */
@Injectable()
export class AccountService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly tokens: AccountTokensRepository,
    private readonly mail: AccountMail,
    private readonly hasher: PasswordHasher,
    private readonly outbox: Outbox,
  ) {}

  async requestPasswordReset(request: RequestPasswordResetRequest): Promise<void> {
    const floor = delay(RESET_ANSWER_FLOOR_MS);
    await this.dataSource.transaction(async (manager) => {
      const user = await this.users.findByEmail(manager, request.email);
      if (user) await this.mail.passwordReset(manager, user);
    });
    await floor;
  }

  /** A new password by a reset link: older reset links die with it; the link proved the address is theirs. */
  async confirmPasswordReset(request: ConfirmPasswordResetRequest): Promise<AccountChangedReply> {
    const passwordHash = await this.hasher.hash(request.password);
    return this.dataSource.transaction(async (manager) => {
      const user = await this.useToken(manager, request.token, 'password-reset');
      user.passwordHash = passwordHash;
      user.emailVerified = true;
      await this.users.save(manager, user);
      await this.emailVerified(manager, user);
      await this.tokens.revoke(manager, user.id, ['password-reset']);
      await this.mail.passwordChanged(manager, user);
      return { userId: user.id };
    });
  }

  async confirmEmailVerification(request: ConsumeAccountTokenRequest): Promise<AccountChangedReply> {
    return this.dataSource.transaction(async (manager) => {
      const user = await this.useToken(manager, request.token, 'email-verification');
      user.emailVerified = true;
      await this.users.save(manager, user);
      await this.emailVerified(manager, user);
      return { userId: user.id };
    });
  }

  /** A new link for an unverified address; a verified one needs none (answered the same). */
  async resendEmailVerification(request: ResendVerificationRequest): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const user = await this.users.findForUpdate(manager, request.actorId);
      if (!user) throw new DomainError(ErrorCode.Unauthenticated, 'You need to be logged in');
      if (!user.emailVerified) await this.mail.emailVerification(manager, user);
    });
  }

  async changePassword(request: ChangePasswordRequest): Promise<void> {
    const passwordHash = await this.hasher.hash(request.newPassword);
    await this.dataSource.transaction(async (manager) => {
      const user = await this.withPassword(manager, request.actorId, request.currentPassword);
      user.passwordHash = passwordHash;
      await this.users.save(manager, user);
      await this.tokens.revoke(manager, user.id, ['password-reset']);
      await this.mail.passwordChanged(manager, user);
    });
  }

  /**
   * Mails a confirmation link to the new address. An address that is already someone else's gets nothing, with the
   * same answer, so this form cannot tell whether an address is registered.
   */
  async requestEmailChange(request: RequestEmailChangeRequest): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const user = await this.withPassword(manager, request.actorId, request.password);
      if (user.email.toLowerCase() === request.email.toLowerCase())
        throw new DomainError(ErrorCode.ValidationFailed, ACCOUNT_MESSAGES.sameEmail, [
          { field: 'email', message: ACCOUNT_MESSAGES.sameEmail },
        ]);
      if (await this.users.findByEmail(manager, request.email)) return;
      await this.tokens.revoke(manager, user.id, ['email-change']);
      await this.mail.emailChangeRequested(manager, user, request.email);
    });
  }

  /** The new address confirmed: the account moves to it, and the old one is told, with a link to undo. */
  async confirmEmailChange(request: ConsumeAccountTokenRequest): Promise<AccountChangedReply> {
    return this.moveTo(request.token, 'email-change', async (manager, user, oldEmail) => {
      await this.mail.emailChanged(manager, user, oldEmail);
    });
  }

  /** The old address takes the account back (7 days): pending changes end, and the gateway signs everyone out. */
  async undoEmailChange(request: ConsumeAccountTokenRequest): Promise<AccountChangedReply> {
    return this.moveTo(request.token, 'email-change-undo', async (manager, user) => {
      await this.tokens.revoke(manager, user.id, ['email-change', 'email-change-undo', 'password-reset']);
    });
  }

  private async moveTo(
    token: string,
    purpose: 'email-change' | 'email-change-undo',
    then: (manager: EntityManager, user: UserEntity, oldEmail: string) => Promise<void>,
  ): Promise<AccountChangedReply> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const used = await this.tokens.use(manager, token, purpose);
        const user = used?.email ? await this.users.findForUpdate(manager, used.userId) : null;
        if (!used?.email || !user) throw invalidLink();
        const oldEmail = user.email;
        user.email = used.email;
        user.emailVerified = true;
        await this.users.save(manager, user);
        await this.emailVerified(manager, user);
        await then(manager, user, oldEmail);
        return { userId: user.id };
      });
    } catch (error) {
      // The address was taken by someone else since the link was mailed: the link can no longer work.
      if (isUniqueViolation(error)) throw invalidLink();
      throw error;
    }
  }

  /** A link from the inbox proved the address: announced with the change (payments gives the guest orders to it). */
  private async emailVerified(manager: EntityManager, user: UserEntity): Promise<void> {
    await this.outbox.add(manager, EVENTS.identity.emailVerified, {
      userId: user.id,
      email: user.email,
      occurredAt: new Date().toISOString(),
    });
  }

  private async useToken(
    manager: EntityManager,
    token: string,
    purpose: 'password-reset' | 'email-verification',
  ): Promise<UserEntity> {
    const used = await this.tokens.use(manager, token, purpose);
    const user = used ? await this.users.findForUpdate(manager, used.userId) : null;
    if (!user) throw invalidLink();
    return user;
  }

  /** The caller's row, locked, once their password is right; 403 with a sentence when it is not. */
  private async withPassword(manager: EntityManager, userId: string, password: string): Promise<UserEntity> {
    const user = await this.users.findWithPasswordForUpdate(manager, userId);
    if (!user) throw new DomainError(ErrorCode.Unauthenticated, 'You need to be logged in');
    if (!(await this.hasher.verify(user.passwordHash, password)))
      throw DomainError.forbidden(ACCOUNT_MESSAGES.wrongPassword);
    return user;
  }
}

function invalidLink(): DomainError {
  return new DomainError(ErrorCode.ValidationFailed, ACCOUNT_MESSAGES.invalidLink, [
    { field: 'token', message: ACCOUNT_MESSAGES.invalidLink },
  ]);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

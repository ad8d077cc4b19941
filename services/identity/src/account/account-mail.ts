import { Injectable } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { Outbox } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';
import type { UserEntity } from '../users/user.entity';
import { linkPath } from './account-token';
import { AccountTokensRepository } from './account-tokens.repository';

/**
 * The account's mails, as events in the caller's transaction: a link's token exists if and only if its mail is on
 * its way. identity sends nothing itself; notifications writes and sends each mail.
 */
@Injectable()
export class AccountMail {
  constructor(
    private readonly tokens: AccountTokensRepository,
    private readonly outbox: Outbox,
  ) {}

  async passwordReset(manager: EntityManager, user: UserEntity): Promise<void> {
    const { raw, expiresAt } = await this.tokens.issue(manager, user.id, 'password-reset');
    await this.outbox.add(manager, EVENTS.identity.passwordResetRequested, {
      ...this.to(user, user.email),
      linkPath: linkPath('password-reset', raw),
      expiresAt: expiresAt.toISOString(),
    });
  }

  async emailVerification(manager: EntityManager, user: UserEntity): Promise<void> {
    const { raw, expiresAt } = await this.tokens.issue(manager, user.id, 'email-verification');
    await this.outbox.add(manager, EVENTS.identity.emailVerificationRequested, {
      ...this.to(user, user.email),
      linkPath: linkPath('email-verification', raw),
      expiresAt: expiresAt.toISOString(),
    });
  }

  /** To the new address, which confirms the change by the link. */
  async emailChangeRequested(manager: EntityManager, user: UserEntity, newEmail: string): Promise<void> {
    const { raw, expiresAt } = await this.tokens.issue(manager, user.id, 'email-change', newEmail);
    await this.outbox.add(manager, EVENTS.identity.emailChangeRequested, {
      ...this.to(user, newEmail),
      linkPath: linkPath('email-change', raw),
      expiresAt: expiresAt.toISOString(),
    });
  }

  /** To the old address, with the link that takes the account back to it. */
  async emailChanged(manager: EntityManager, user: UserEntity, oldEmail: string): Promise<void> {
    const { raw, expiresAt } = await this.tokens.issue(manager, user.id, 'email-change-undo', oldEmail);
    await this.outbox.add(manager, EVENTS.identity.emailChanged, {
      ...this.to(user, oldEmail),
      newEmail: user.email,
      undoLinkPath: linkPath('email-change-undo', raw),
      undoUntil: expiresAt.toISOString(),
    });
  }

  async passwordChanged(manager: EntityManager, user: UserEntity): Promise<void> {
    await this.outbox.add(manager, EVENTS.identity.passwordChanged, this.to(user, user.email));
  }

  private to(user: UserEntity, email: string) {
    return { userId: user.id, email, firstName: user.firstName, occurredAt: new Date().toISOString() };
  }
}

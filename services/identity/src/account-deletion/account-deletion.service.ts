import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ACCOUNT_DELETION_MESSAGES,
  ACCOUNT_MESSAGES,
  deletionBlockedSentence,
  ErrorCode,
  EVENTS,
  MESSAGES,
  RPC,
  type AccountDeletedReply,
  type DeleteAccountRequest,
} from '@souvenir/contracts';
import { DomainError, Outbox, RpcClient } from '@souvenir/platform';
import type { DataSource } from 'typeorm';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { PasswordHasher } from '../users/password-hasher';
import { UsersRepository } from '../users/users.repository';

/**
 * Deletes the caller's own account: the password and, with two-step sign-in on, a code (a stolen session is not
 * enough); payments is asked first whether an order or money is still open. identity's personal data is erased and
 * `user.deleted` written in one transaction; every other service erases its own on that event.
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly twoFactor: TwoFactorService,
    private readonly rpc: RpcClient,
    private readonly outbox: Outbox,
  ) {}

  async delete(request: DeleteAccountRequest): Promise<AccountDeletedReply> {
    if (request.actorId !== request.userId) throw DomainError.forbidden(ACCOUNT_DELETION_MESSAGES.onlyYourOwn);
    const user = await this.users.findWithPasswordById(request.userId);
    if (!user) throw new DomainError(ErrorCode.Unauthenticated, MESSAGES.notSignedIn);
    // A second request racing the first (a double click, two tabs): the same answer, nothing done twice.
    if (user.deletedAt) return { userId: user.id };
    if (!(await this.hasher.verify(user.passwordHash, request.password)))
      throw DomainError.forbidden(ACCOUNT_MESSAGES.wrongPassword);
    await this.twoFactor.confirm({ actorId: user.id, code: request.code }, ACCOUNT_DELETION_MESSAGES.codeRequired);
    // Asked outside any transaction: no row stays locked while another service answers.
    const blocked = deletionBlockedSentence(await this.rpc.send(RPC.payments.deletionBlockers, { userId: user.id }));
    if (blocked) throw DomainError.conflict(blocked);
    await this.dataSource.transaction(async (manager) => {
      const locked = await this.users.findForUpdate(manager, user.id);
      if (!locked || locked.deletedAt) return;
      await this.users.erase(manager, user.id);
      await this.outbox.add(manager, EVENTS.identity.userDeleted, { userId: user.id });
    });
    return { userId: user.id };
  }
}

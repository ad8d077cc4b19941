import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  BLOCK_MESSAGES,
  ErrorCode,
  EVENTS,
  MAX_BLOCKS_PER_USER,
  type BlockedUserDto,
  type BlockUserRequest,
  type ListBlocksRequest,
} from '@souvenir/contracts';
import { DomainError, Outbox } from '@souvenir/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { UsersRepository } from '../users/users.repository';
import { BlocksRepository } from './blocks.repository';

/**
 * Blocking: identity owns who blocked whom and announces every change (`block.changed`) in the same transaction;
 * messaging, payments and reviews enforce it from their read models. Blocking and unblocking are idempotent: asking
 * again changes nothing and writes no event. Nothing tells the blocked person.
 */
@Injectable()
export class BlocksService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly blocks: BlocksRepository,
    private readonly users: UsersRepository,
    private readonly outbox: Outbox,
  ) {}

  async block(request: BlockUserRequest): Promise<void> {
    if (request.actorId === request.userId)
      throw new DomainError(ErrorCode.ValidationFailed, BLOCK_MESSAGES.blockYourself);
    // A deleted account is nobody, as for every other route about a person.
    if (!(await this.users.findById(request.userId))) throw DomainError.notFound('User');
    await this.dataSource.transaction(async (manager) => {
      // The blocker's row is locked so two blocks at once cannot both pass the limit.
      await manager.query(`SELECT 1 FROM identity.users WHERE id = $1 FOR UPDATE`, [request.actorId]);
      // Blocking someone already blocked changes nothing, at the cap too (204 again).
      if (!(await this.blocks.insert(manager, request.actorId, request.userId))) return;
      // Counted after the insert, which the refusal rolls back.
      if ((await this.blocks.count(manager, request.actorId)) > MAX_BLOCKS_PER_USER)
        throw DomainError.conflict(BLOCK_MESSAGES.tooMany);
      await this.announce(manager, request, true);
    });
  }

  async unblock(request: BlockUserRequest): Promise<void> {
    if (request.actorId === request.userId)
      throw new DomainError(ErrorCode.ValidationFailed, BLOCK_MESSAGES.blockYourself);
    await this.dataSource.transaction(async (manager) => {
      if (await this.blocks.delete(manager, request.actorId, request.userId))
        await this.announce(manager, request, false);
      else if (!(await this.users.findById(request.userId))) throw DomainError.notFound('User');
    });
  }

  async list(request: ListBlocksRequest): Promise<BlockedUserDto[]> {
    const rows = await this.blocks.list(request.actorId, MAX_BLOCKS_PER_USER);
    return rows.map((row) => ({
      user: { id: row.blocked_id, firstName: row.first_name, lastName: row.last_name, avatar: row.avatar },
      blockedAt: new Date(row.created_at).toISOString(),
    }));
  }

  private async announce(manager: EntityManager, request: BlockUserRequest, blocked: boolean): Promise<void> {
    await this.outbox.add(manager, EVENTS.identity.blockChanged, {
      blockerId: request.actorId,
      blockedId: request.userId,
      blocked,
      version: await this.blocks.nextVersion(manager),
      occurredAt: new Date().toISOString(),
    });
  }
}

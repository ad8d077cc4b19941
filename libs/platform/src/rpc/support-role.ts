import { Injectable } from '@nestjs/common';
import { RPC } from '@souvenir/contracts';
import { DomainError } from '../errors/domain-error';
import { RpcClient } from './rpc-client';

/**
 * "Is the caller support?" The role is identity's, and it is asked on every support request rather than kept in a
 * read model: taking the role away takes effect at once. Only the role crosses, never the person's e-mail.
 */
@Injectable()
export class SupportRole {
  constructor(private readonly rpc: RpcClient) {}

  async is(actorId: string): Promise<boolean> {
    const { role } = await this.rpc.send(RPC.identity.getRole, { userId: actorId });
    return role === 'support';
  }

  /** Throws FORBIDDEN with the sentence unless the caller is support. */
  async require(actorId: string, sentence: string): Promise<void> {
    if (!(await this.is(actorId))) throw DomainError.forbidden(sentence);
  }
}

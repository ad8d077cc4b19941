import { Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { RPC, type BlockedUserDto } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { UuidPipe } from '../../rpc/uuid.pipe';
import { ActorId, AuthGuard } from '../../session/auth.guard';
import { WriteLimit } from '../../security/write-limits';

/**
 * Blocking (API.md): identity keeps who blocked whom; messaging, payments and reviews enforce it. Blocking yourself
 * is 400, an unknown person 404; blocking or unblocking twice is 204 again. The 1001st block is 409 with a sentence
 * (identity); blocks and unblocks share one write limit.
 */
@Controller('api')
@UseGuards(AuthGuard)
export class BlocksController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('users/:id/block')
  @WriteLimit('blocks')
  @HttpCode(204)
  async block(@ActorId() actorId: string, @Param('id', new UuidPipe('User')) userId: string): Promise<void> {
    await this.rpc.send(RPC.identity.blockUser, { actorId, userId });
  }

  @Delete('users/:id/block')
  @WriteLimit('blocks')
  @HttpCode(204)
  async unblock(@ActorId() actorId: string, @Param('id', new UuidPipe('User')) userId: string): Promise<void> {
    await this.rpc.send(RPC.identity.unblockUser, { actorId, userId });
  }

  @Get('me/blocks')
  list(@ActorId() actorId: string): Promise<BlockedUserDto[]> {
    return this.rpc.send(RPC.identity.listBlocks, { actorId });
  }
}

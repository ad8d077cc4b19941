import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { BlocksService } from './blocks.service';

/** identity's block subjects; each handler only delegates. */
@Controller()
export class BlocksController {
  constructor(private readonly blocks: BlocksService) {}

  @RpcHandler(RPC.identity.blockUser)
  block(request: RpcRequest<typeof RPC.identity.blockUser>) {
    return this.blocks.block(request);
  }

  @RpcHandler(RPC.identity.unblockUser)
  unblock(request: RpcRequest<typeof RPC.identity.unblockUser>) {
    return this.blocks.unblock(request);
  }

  @RpcHandler(RPC.identity.listBlocks)
  list(request: RpcRequest<typeof RPC.identity.listBlocks>) {
    return this.blocks.list(request);
  }
}

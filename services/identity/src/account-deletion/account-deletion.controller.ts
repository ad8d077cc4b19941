import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { AccountDeletionService } from './account-deletion.service';

/** identity's account deletion subject; the handler only delegates. */
@Controller()
export class AccountDeletionController {
  constructor(private readonly deletion: AccountDeletionService) {}

  @RpcHandler(RPC.identity.deleteAccount)
  delete(request: RpcRequest<typeof RPC.identity.deleteAccount>) {
    return this.deletion.delete(request);
  }
}

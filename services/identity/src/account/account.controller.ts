import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { AccountService } from './account.service';

/** identity's account subjects; each handler only delegates. */
@Controller()
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @RpcHandler(RPC.identity.requestPasswordReset)
  requestPasswordReset(request: RpcRequest<typeof RPC.identity.requestPasswordReset>) {
    return this.account.requestPasswordReset(request);
  }

  @RpcHandler(RPC.identity.confirmPasswordReset)
  confirmPasswordReset(request: RpcRequest<typeof RPC.identity.confirmPasswordReset>) {
    return this.account.confirmPasswordReset(request);
  }

  @RpcHandler(RPC.identity.confirmEmailVerification)
  confirmEmailVerification(request: RpcRequest<typeof RPC.identity.confirmEmailVerification>) {
    return this.account.confirmEmailVerification(request);
  }

  @RpcHandler(RPC.identity.resendEmailVerification)
  resendEmailVerification(request: RpcRequest<typeof RPC.identity.resendEmailVerification>) {
    return this.account.resendEmailVerification(request);
  }

  @RpcHandler(RPC.identity.changePassword)
  changePassword(request: RpcRequest<typeof RPC.identity.changePassword>) {
    return this.account.changePassword(request);
  }

  @RpcHandler(RPC.identity.requestEmailChange)
  requestEmailChange(request: RpcRequest<typeof RPC.identity.requestEmailChange>) {
    return this.account.requestEmailChange(request);
  }

  @RpcHandler(RPC.identity.confirmEmailChange)
  confirmEmailChange(request: RpcRequest<typeof RPC.identity.confirmEmailChange>) {
    return this.account.confirmEmailChange(request);
  }

  @RpcHandler(RPC.identity.undoEmailChange)
  undoEmailChange(request: RpcRequest<typeof RPC.identity.undoEmailChange>) {
    return this.account.undoEmailChange(request);
  }
}

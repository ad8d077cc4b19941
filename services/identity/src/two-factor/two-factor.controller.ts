import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { TwoFactorService } from './two-factor.service';

/** identity's two-step sign-in subjects; each handler only delegates. */
@Controller()
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @RpcHandler(RPC.identity.twoFactorStatus)
  status(request: RpcRequest<typeof RPC.identity.twoFactorStatus>) {
    return this.twoFactor.status(request);
  }

  @RpcHandler(RPC.identity.setUpTwoFactor)
  setUp(request: RpcRequest<typeof RPC.identity.setUpTwoFactor>) {
    return this.twoFactor.setUp(request);
  }

  @RpcHandler(RPC.identity.enableTwoFactor)
  enable(request: RpcRequest<typeof RPC.identity.enableTwoFactor>) {
    return this.twoFactor.enable(request);
  }

  @RpcHandler(RPC.identity.disableTwoFactor)
  disable(request: RpcRequest<typeof RPC.identity.disableTwoFactor>) {
    return this.twoFactor.disable(request);
  }

  @RpcHandler(RPC.identity.regenerateRecoveryCodes)
  regenerateRecoveryCodes(request: RpcRequest<typeof RPC.identity.regenerateRecoveryCodes>) {
    return this.twoFactor.regenerateRecoveryCodes(request);
  }

  @RpcHandler(RPC.identity.confirmTwoFactor)
  confirm(request: RpcRequest<typeof RPC.identity.confirmTwoFactor>) {
    return this.twoFactor.confirm(request);
  }
}

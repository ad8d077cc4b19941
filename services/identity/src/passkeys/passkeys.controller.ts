import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { PasskeysService } from './passkeys.service';

/** identity's passkey subjects; each handler only delegates. */
@Controller()
export class PasskeysController {
  constructor(private readonly passkeys: PasskeysService) {}

  @RpcHandler(RPC.identity.passkeyRegistrationOptions)
  registrationOptions(request: RpcRequest<typeof RPC.identity.passkeyRegistrationOptions>) {
    return this.passkeys.registrationOptions(request);
  }

  @RpcHandler(RPC.identity.addPasskey)
  add(request: RpcRequest<typeof RPC.identity.addPasskey>) {
    return this.passkeys.add(request);
  }

  @RpcHandler(RPC.identity.listPasskeys)
  list(request: RpcRequest<typeof RPC.identity.listPasskeys>) {
    return this.passkeys.list(request);
  }

  @RpcHandler(RPC.identity.removePasskey)
  remove(request: RpcRequest<typeof RPC.identity.removePasskey>) {
    return this.passkeys.remove(request);
  }

  @RpcHandler(RPC.identity.passkeyLoginOptions)
  loginOptions(request: RpcRequest<typeof RPC.identity.passkeyLoginOptions>) {
    return this.passkeys.loginOptions(request);
  }

  @RpcHandler(RPC.identity.verifyPasskeyLogin)
  verifyLogin(request: RpcRequest<typeof RPC.identity.verifyPasskeyLogin>) {
    return this.passkeys.verifyLogin(request);
  }
}

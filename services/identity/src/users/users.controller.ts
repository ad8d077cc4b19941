import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { UsersService } from './users.service';

/** identity's request/reply subjects; each handler only delegates. */
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @RpcHandler(RPC.identity.register)
  register(request: RpcRequest<typeof RPC.identity.register>) {
    return this.users.register(request);
  }

  @RpcHandler(RPC.identity.verifyCredentials)
  verifyCredentials(request: RpcRequest<typeof RPC.identity.verifyCredentials>) {
    return this.users.verifyCredentials(request);
  }

  @RpcHandler(RPC.identity.getUser)
  getUser(request: RpcRequest<typeof RPC.identity.getUser>) {
    return this.users.getUser(request);
  }

  @RpcHandler(RPC.identity.getUsersByIds)
  getUsersByIds(request: RpcRequest<typeof RPC.identity.getUsersByIds>) {
    return this.users.getUsersByIds(request);
  }

  @RpcHandler(RPC.identity.getUserEmails)
  getUserEmails(request: RpcRequest<typeof RPC.identity.getUserEmails>) {
    return this.users.getUserEmails(request);
  }

  @RpcHandler(RPC.identity.getMe)
  getMe(request: RpcRequest<typeof RPC.identity.getMe>) {
    return this.users.getMe(request);
  }

  @RpcHandler(RPC.identity.getRole)
  getRole(request: RpcRequest<typeof RPC.identity.getRole>) {
    return this.users.getRole(request);
  }

  @RpcHandler(RPC.identity.updateUser)
  updateUser(request: RpcRequest<typeof RPC.identity.updateUser>) {
    return this.users.updateProfile(request);
  }

  @RpcHandler(RPC.identity.setAvatar)
  setAvatar(request: RpcRequest<typeof RPC.identity.setAvatar>) {
    return this.users.setAvatar(request);
  }
}

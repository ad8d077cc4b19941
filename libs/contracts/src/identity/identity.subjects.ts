import {
  GetMeRequest,
  GetUserRequest,
  RegisterUserRequest,
  UpdateUserRequest,
  VerifyCredentialsRequest,
} from './identity.rpc';
import type { MeDto, UserDto } from './user.dto';
import type { Contract } from '../rpc/contract';

/** identity's request/reply subjects. */
export const IDENTITY_RPC = {
  register: 'identity.user.register',
  verifyCredentials: 'identity.user.verify-credentials',
  getUser: 'identity.user.get',
  getMe: 'identity.user.get-me',
  updateUser: 'identity.user.update',
} as const;

export interface IdentityContracts {
  [IDENTITY_RPC.register]: Contract<RegisterUserRequest, MeDto>;
  [IDENTITY_RPC.verifyCredentials]: Contract<VerifyCredentialsRequest, MeDto>;
  [IDENTITY_RPC.getUser]: Contract<GetUserRequest, UserDto>;
  [IDENTITY_RPC.getMe]: Contract<GetMeRequest, MeDto>;
  [IDENTITY_RPC.updateUser]: Contract<UpdateUserRequest, MeDto>;
}

export const IDENTITY_REQUEST_TYPES = {
  [IDENTITY_RPC.register]: RegisterUserRequest,
  [IDENTITY_RPC.verifyCredentials]: VerifyCredentialsRequest,
  [IDENTITY_RPC.getUser]: GetUserRequest,
  [IDENTITY_RPC.getMe]: GetMeRequest,
  [IDENTITY_RPC.updateUser]: UpdateUserRequest,
} as const;

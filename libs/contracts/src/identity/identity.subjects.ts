import {
  GetMeRequest,
  GetRoleRequest,
  GetUserEmailsRequest,
  GetUserRequest,
  GetUsersByIdsRequest,
  RegisterUserRequest,
  UpdateUserRequest,
  VerifyCredentialsRequest,
} from './identity.rpc';
import type { MeDto, UserDto, UserEmailDto, UserRole } from './user.dto';
import { defineRpc, rpc } from '../rpc/contract';

/** identity's request/reply subjects, each with its request class and reply type. */
export const IDENTITY_RPC = defineRpc('identity', {
  register: rpc('identity.user.register', RegisterUserRequest).returns<MeDto>(),
  verifyCredentials: rpc('identity.user.verify-credentials', VerifyCredentialsRequest).returns<MeDto>(),
  getUser: rpc('identity.user.get', GetUserRequest).returns<UserDto>(),
  /** The users known among the ids, in no particular order; unknown ids are left out. */
  getUsersByIds: rpc('identity.user.get-many', GetUsersByIdsRequest).returns<UserDto[]>(),
  /** The e-mail addresses of the users known among the ids (unknown ids left out): the notifications' mails only. */
  getUserEmails: rpc('identity.user.get-emails', GetUserEmailsRequest).returns<UserEmailDto[]>(),
  getMe: rpc('identity.user.get-me', GetMeRequest).returns<MeDto>(),
  updateUser: rpc('identity.user.update', UpdateUserRequest).returns<MeDto>(),
  /** Whether a user is support; an unknown user is a member (nobody to grant anything to). */
  getRole: rpc('identity.user.get-role', GetRoleRequest).returns<{ role: UserRole }>(),
});

import { UserExportRequest, type UserExportPage } from '../export/user-export';
import {
  AuthorizeExportUploadRequest,
  type DataExportDto,
  type ExportUploadGrant,
  GetDataExportRequest,
  LatestDataExportRequest,
  RequestDataExportRequest,
} from './data-export.dto';
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
import {
  ChangePasswordRequest,
  ConfirmPasswordResetRequest,
  ConsumeAccountTokenRequest,
  RequestEmailChangeRequest,
  RequestPasswordResetRequest,
  ResendVerificationRequest,
  type AccountChangedReply,
} from './account.rpc';
import {
  ConfirmTwoFactorRequest,
  DisableTwoFactorRequest,
  TwoFactorActorRequest,
  TwoFactorCodeRequest,
} from './two-factor.rpc';
import {
  AddPasskeyRequest,
  PasskeyActorRequest,
  PasskeyLoginOptionsRequest,
  RemovePasskeyRequest,
  VerifyPasskeyLoginRequest,
} from './passkeys.rpc';
import type { PasskeyDto, PasskeyOptionsDto } from './passkeys.dto';
import type { RecoveryCodesDto, TwoFactorSetupDto, TwoFactorStatusDto } from './two-factor.dto';
import type { MeDto, UserDto, UserEmailDto, UserRole } from './user.dto';
import { defineRpc, rpc } from '../rpc/contract';
import { SetAvatarRequest } from './avatar.dto';
import { DeleteAccountRequest, type AccountDeletedReply } from './account-deletion';
import { BlockUserRequest, ListBlocksRequest, type BlockedUserDto } from './blocks';

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
  /** The caller's profile photo (an upload of theirs), or none: carried to every read model by user updated. */
  setAvatar: rpc('identity.user.set-avatar', SetAvatarRequest).returns<MeDto>(),
  /**
   * Deletes the caller's account after the password (and a code when two-step sign-in is on); refused (409) while
   * payments holds an open order or money for them. Asked again for a deleted account: the same answer.
   */
  deleteAccount: rpc('identity.user.delete', DeleteAccountRequest).returns<AccountDeletedReply>(),
  /** Whether a user is support; an unknown user is a member (nobody to grant anything to). */
  getRole: rpc('identity.user.get-role', GetRoleRequest).returns<{ role: UserRole }>(),
  /** Mails a reset link when the address is someone's; the same empty answer, after the same time, either way. */
  requestPasswordReset: rpc('identity.password-reset.request', RequestPasswordResetRequest).returns<void>(),
  confirmPasswordReset: rpc(
    'identity.password-reset.confirm',
    ConfirmPasswordResetRequest,
  ).returns<AccountChangedReply>(),
  confirmEmailVerification: rpc(
    'identity.email-verification.confirm',
    ConsumeAccountTokenRequest,
  ).returns<AccountChangedReply>(),
  resendEmailVerification: rpc('identity.email-verification.resend', ResendVerificationRequest).returns<void>(),
  changePassword: rpc('identity.password.change', ChangePasswordRequest).returns<void>(),
  requestEmailChange: rpc('identity.email-change.request', RequestEmailChangeRequest).returns<void>(),
  confirmEmailChange: rpc('identity.email-change.confirm', ConsumeAccountTokenRequest).returns<AccountChangedReply>(),
  /** The old address's undo link (7 days): the account goes back to it, and the gateway ends every session. */
  undoEmailChange: rpc('identity.email-change.undo', ConsumeAccountTokenRequest).returns<AccountChangedReply>(),
  twoFactorStatus: rpc('identity.two-factor.status', TwoFactorActorRequest).returns<TwoFactorStatusDto>(),
  /** A new pending secret and recovery codes; nothing changes for sign-in until `enable` proves the app. */
  setUpTwoFactor: rpc('identity.two-factor.setup', TwoFactorActorRequest).returns<TwoFactorSetupDto>(),
  enableTwoFactor: rpc('identity.two-factor.enable', TwoFactorCodeRequest).returns<void>(),
  disableTwoFactor: rpc('identity.two-factor.disable', DisableTwoFactorRequest).returns<void>(),
  regenerateRecoveryCodes: rpc(
    'identity.two-factor.regenerate-codes',
    TwoFactorCodeRequest,
  ).returns<RecoveryCodesDto>(),
  confirmTwoFactor: rpc('identity.two-factor.confirm', ConfirmTwoFactorRequest).returns<void>(),
  /** WebAuthn creation options for a new passkey of the caller (their others excluded). */
  passkeyRegistrationOptions: rpc(
    'identity.passkey.registration-options',
    PasskeyActorRequest,
  ).returns<PasskeyOptionsDto>(),
  addPasskey: rpc('identity.passkey.add', AddPasskeyRequest).returns<PasskeyDto>(),
  listPasskeys: rpc('identity.passkey.list', PasskeyActorRequest).returns<PasskeyDto[]>(),
  removePasskey: rpc('identity.passkey.remove', RemovePasskeyRequest).returns<void>(),
  /** WebAuthn request options for signing in with a discoverable passkey (no account named). */
  passkeyLoginOptions: rpc('identity.passkey.login-options', PasskeyLoginOptionsRequest).returns<PasskeyOptionsDto>(),
  /** A passkey sign-in: counts as two-step (the key is bound to the site and the device). */
  verifyPasskeyLogin: rpc('identity.passkey.verify-login', VerifyPasskeyLoginRequest).returns<MeDto>(),
  /** Starts the caller's data export (one pending at a time: asking again answers the same id). */
  requestDataExport: rpc('identity.export.request', RequestDataExportRequest).returns<DataExportDto>(),
  /** The caller's most recent export, or null. */
  latestDataExport: rpc('identity.export.latest', LatestDataExportRequest).returns<DataExportDto | null>(),
  getDataExport: rpc('identity.export.get', GetDataExportRequest).returns<DataExportDto>(),
  authorizeExportUpload: rpc(
    'identity.export.authorize-upload',
    AuthorizeExportUploadRequest,
  ).returns<ExportUploadGrant>(),
  /** One page of one section of a person's data (profile, passkeys, devices), for their data export. */
  exportUserData: rpc('identity.user.export', UserExportRequest).returns<UserExportPage>(),
  /** The caller blocks another member (400 for themself, 404 for nobody); blocking twice is one block. */
  blockUser: rpc('identity.block.add', BlockUserRequest).returns<void>(),
  /** Lifts the caller's block of a member; lifting one that is not there is done already. */
  unblockUser: rpc('identity.block.remove', BlockUserRequest).returns<void>(),
  /** The people the caller blocked, newest first (at most MAX_BLOCKS_PER_USER). */
  listBlocks: rpc('identity.block.list', ListBlocksRequest).returns<BlockedUserDto[]>(),
});

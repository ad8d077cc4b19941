import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ErrorCode,
  EVENTS,
  MESSAGES,
  MODERATION_MESSAGES,
  type GetMeRequest,
  type GetRoleRequest,
  type UserRole,
  type GetUserRequest,
  type GetUsersByIdsRequest,
  type GetUserEmailsRequest,
  type UserEmailDto,
  type MeDto,
  type RegisterUserRequest,
  type SetAvatarRequest,
  type UpdateUserRequest,
  type UserDto,
  type VerifyCredentialsRequest,
} from '@souvenir/contracts';
import { DomainError, isUniqueViolation, Outbox } from '@souvenir/platform';
import type { DataSource } from 'typeorm';
import { AccountMail } from '../account/account-mail';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { PasswordHasher } from './password-hasher';
import { toMeDto, toProfileChangedEvent, toUserDto } from './user.mapper';
import { UsersRepository } from './users.repository';

@Injectable()
export class UsersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly outbox: Outbox,
    private readonly accountMail: AccountMail,
    private readonly twoFactor: TwoFactorService,
  ) {}

  async register(request: RegisterUserRequest): Promise<MeDto> {
    await this.assertAvailable(request.username, request.email);
    const passwordHash = await this.hasher.hash(request.password);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const user = await this.users.insert(manager, {
          username: request.username,
          email: request.email,
          passwordHash,
          firstName: request.firstName,
          lastName: request.lastName,
          location: request.location || null,
          avatar: null,
          isVerified: false,
          role: 'member',
          emailVerified: false,
          twoFactorEnabled: false,
          version: 1,
        });
        await this.outbox.add(manager, EVENTS.identity.userRegistered, toProfileChangedEvent(user));
        await this.accountMail.emailVerification(manager, user);
        if (request.device) await this.twoFactor.rememberFirstDevice(manager, user.id, request.device);
        return toMeDto(user);
      });
    } catch (error) {
      // Two registrations racing past the check above: the unique indexes decide.
      if (isUniqueViolation(error)) {
        await this.assertAvailable(request.username, request.email);
      }
      throw error;
    }
  }

  /** Same answer and similar time for an unknown username and a wrong password. */
  async verifyCredentials(request: VerifyCredentialsRequest): Promise<MeDto> {
    const user = await this.users.findWithPasswordByUsername(request.username);
    const ok = await this.hasher.verify(user?.passwordHash ?? null, request.password);
    if (!user || !ok) throw new DomainError(ErrorCode.Unauthenticated, MESSAGES.invalidCredentials);
    // Said only to whoever knows the password, so it does not tell a stranger the account exists.
    if (user.suspendedAt) throw DomainError.forbidden(MODERATION_MESSAGES.suspended);
    await this.twoFactor.completeSignIn(user, request.code, request.device);
    return toMeDto(user);
  }

  async getUser(request: GetUserRequest): Promise<UserDto> {
    const user = await this.users.findById(request.userId);
    if (!user) throw DomainError.notFound('User');
    return toUserDto(user);
  }

  async getUsersByIds(request: GetUsersByIdsRequest): Promise<UserDto[]> {
    return (await this.users.findByIds(request.userIds)).map(toUserDto);
  }

  async getUserEmails(request: GetUserEmailsRequest): Promise<UserEmailDto[]> {
    const users = await this.users.findByIds(request.userIds);
    return users.map((user) => ({ userId: user.id, email: user.email, firstName: user.firstName }));
  }

  async getMe(request: GetMeRequest): Promise<MeDto> {
    const user = await this.users.findById(request.actorId);
    if (!user) throw new DomainError(ErrorCode.Unauthenticated, MESSAGES.notSignedIn);
    return toMeDto(user);
  }

  /** The role alone, for another service's support routes. */
  async getRole(request: GetRoleRequest): Promise<{ role: UserRole }> {
    const user = await this.users.findById(request.userId);
    return { role: user?.role ?? 'member' };
  }

  async updateProfile(request: UpdateUserRequest): Promise<MeDto> {
    if (request.actorId !== request.userId) throw DomainError.forbidden('You can only edit your own profile');
    return this.dataSource.transaction(async (manager) => {
      const user = await this.users.findForUpdate(manager, request.userId);
      if (!user) throw DomainError.notFound('User');
      user.firstName = request.changes.firstName;
      user.lastName = request.changes.lastName;
      user.location = request.changes.location || null;
      user.version += 1;
      await this.users.save(manager, user);
      await this.outbox.add(manager, EVENTS.identity.userUpdated, toProfileChangedEvent(user));
      return toMeDto(user);
    });
  }

  /** A new profile photo (or none), announced like any profile change so every read model shows it. */
  async setAvatar(request: SetAvatarRequest): Promise<MeDto> {
    return this.dataSource.transaction(async (manager) => {
      const user = await this.users.findForUpdate(manager, request.actorId);
      if (!user) throw new DomainError(ErrorCode.Unauthenticated, 'You need to be logged in');
      if (user.avatar === request.avatar) return toMeDto(user);
      user.avatar = request.avatar;
      user.version += 1;
      await this.users.save(manager, user);
      await this.outbox.add(manager, EVENTS.identity.userUpdated, toProfileChangedEvent(user));
      return toMeDto(user);
    });
  }

  private async assertAvailable(username: string, email: string): Promise<void> {
    const taken = await this.users.findTaken(username, email);
    const errors = [
      ...(taken.username ? [{ field: 'username', message: MESSAGES.usernameTaken }] : []),
      ...(taken.email ? [{ field: 'email', message: MESSAGES.emailTaken }] : []),
    ];
    if (errors.length) throw new DomainError(ErrorCode.Conflict, errors[0].message, errors);
  }
}

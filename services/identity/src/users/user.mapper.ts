import type { MeDto, UserDto, UserProfileChangedEvent } from '@souvenir/contracts';
import type { UserEntity } from './user.entity';

export function toUserDto(user: UserEntity): UserDto {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    avatar: user.avatar,
    location: user.location,
    isVerified: user.isVerified,
    rating: user.ratingAverage === null ? null : { average: Number(user.ratingAverage), count: user.ratingCount },
    createdAt: user.createdAt.toISOString(),
  };
}

export function toMeDto(user: UserEntity): MeDto {
  return {
    ...toUserDto(user),
    email: user.email,
    role: user.role,
    emailVerified: user.emailVerified,
    twoFactor: user.twoFactorEnabled,
  };
}

export function toProfileChangedEvent(user: UserEntity): UserProfileChangedEvent {
  return {
    userId: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    avatar: user.avatar,
    location: user.location,
    isVerified: user.isVerified,
    version: user.version,
    createdAt: user.createdAt.toISOString(),
    occurredAt: new Date().toISOString(),
  };
}

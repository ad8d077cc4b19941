import type { MessageDto, UserSummaryDto } from '@souvenir/contracts';

/** The other person of a message or conversation, seen from `meId`. */
export function otherParty(
  message: Pick<MessageDto, 'fromUserId' | 'fromUser' | 'toUser'>,
  meId: string,
): UserSummaryDto {
  return message.fromUserId === meId ? message.toUser : message.fromUser;
}

export function fullName(user: Pick<UserSummaryDto, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** Identifies a conversation: one other person and one product. */
export function conversationKey(otherUserId: string, productId: string): string {
  return `${otherUserId}:${productId}`;
}

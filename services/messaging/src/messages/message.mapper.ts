import type { ConversationDto, MessageDto, UserSummaryDto } from '@souvenir/contracts';
import type { ConversationRow, MessageRow } from './messages.repository';

function summary(id: string, firstName: string | null, lastName: string | null, avatar: string | null): UserSummaryDto {
  return { id, firstName: firstName ?? '', lastName: lastName ?? '', avatar };
}

/**
 * A message as `viewerId` may read it: the recipient of a message the shield caught reads it masked, its sender (and
 * anyone else, support) as written; both see its flag.
 */
export function toMessageDto(row: MessageRow, viewerId: string): MessageDto {
  const masked = row.masked_content !== null && viewerId === row.to_user_id;
  const dto: MessageDto = {
    id: row.id,
    fromUserId: row.from_user_id,
    toUserId: row.to_user_id,
    productId: row.product_id,
    content: masked ? row.masked_content! : row.content,
    createdAt: row.created_at,
    isRead: row.is_read,
    fromUser: summary(row.from_user_id, row.from_first_name, row.from_last_name, row.from_avatar),
    toUser: summary(row.to_user_id, row.to_first_name, row.to_last_name, row.to_avatar),
    product: { id: row.product_id, title: row.product_title ?? '' },
  };
  // Set rather than spread in: the same members in the same order, without a copy of the message.
  if (row.kind !== 'user') dto.kind = row.kind;
  if (row.shield_findings) dto.flags = ['contact-details'];
  return dto;
}

export function toConversationDto(row: ConversationRow, viewerId: string): ConversationDto {
  return Object.assign(toMessageDto(row, viewerId), { unreadCount: row.unread_count });
}

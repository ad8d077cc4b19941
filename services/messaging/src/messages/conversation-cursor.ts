import { timeIdCursor } from '@souvenir/platform';

/**
 * Where a page of conversations ends: the last conversation's latest message time (with Postgres's microseconds)
 * and id, the order of conversations_user_recent_idx. The next page starts strictly after it, so pages never repeat
 * or skip one; a conversation that gets a new message meanwhile moves to the top of the first page.
 */
export interface ConversationKey {
  lastMessageAt: string;
  lastMessageId: string;
}

export const { encode: encodeConversationCursor, decode: decodeConversationCursor } = timeIdCursor(
  'lastMessageAt',
  'lastMessageId',
);

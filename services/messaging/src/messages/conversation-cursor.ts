import { decodeCursor, encodeCursor, isIsoTimestamp, isUuid } from '@souvenir/platform';

/**
 * Where a page of conversations ends: the last conversation's latest message time (with Postgres's microseconds)
 * and id, the order of conversations_user_recent_idx. The next page starts strictly after it, so pages never repeat
 * or skip one; a conversation that gets a new message meanwhile moves to the top of the first page.
 */
export interface ConversationKey {
  lastMessageAt: string;
  lastMessageId: string;
}

interface ConversationCursor {
  v: 1;
  k: ConversationKey;
}

export function encodeConversationCursor(key: ConversationKey): string {
  const cursor: ConversationCursor = { v: 1, k: key };
  return encodeCursor(cursor);
}

export function decodeConversationCursor(cursor: string): ConversationKey {
  return decodeCursor(cursor, (decoded) => {
    const key = (decoded as Partial<ConversationCursor> | null)?.v === 1 ? (decoded as ConversationCursor).k : undefined;
    return key && isIsoTimestamp(key.lastMessageAt) && isUuid(key.lastMessageId)
      ? { lastMessageAt: key.lastMessageAt, lastMessageId: key.lastMessageId }
      : undefined;
  });
}

import { useEffect, useRef } from 'react';
import type { ConversationDto, MessageDto } from '@souvenir/contracts';

/**
 * The conversation list (polled every 3 s) often learns of a message in the open thread before the thread's own
 * poll (every 5 s) does: its preview and unread count show it while the thread does not, and the badge and the API
 * count it unread for up to 5 s. The open thread then reads at once. Reading the thread marks what it returns read on
 * the server (and refreshes the list and badge), so a message that arrives in the thread someone is looking at is
 * read when it arrives. Once per new latest message: a list that has not caught up yet does not cause a loop.
 */
export function useReadArrivals(
  conversation: ConversationDto | undefined,
  messages: MessageDto[] | undefined,
  refetch: () => unknown,
): void {
  const latestId = conversation?.id;
  // The thread already returned (and so read) the conversation's latest message: nothing new has arrived.
  const behind = Boolean(messages && latestId && !messages.some((message) => message.id === latestId));
  const readFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!behind || readFor.current === latestId) return;
    readFor.current = latestId;
    refetch();
  }, [behind, latestId, refetch]);
}

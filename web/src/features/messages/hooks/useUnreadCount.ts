import { useMatch } from 'react-router';
import { useGetConversationsQuery, useGetUnreadCountQuery } from '../../../api/messagesApi';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';

/**
 * Away from Messages the header badge asks for its number every 15 s, and only while the tab is in front: it
 * is a hint, and every signed-in page polling every 3 s would cost as much as the Messages page itself. Sending
 * or reading a message refreshes it at once (tags).
 */
const BADGE_POLL_MS = 15_000;

/**
 * How many messages to the signed-in user are unread (0 when signed out). On the Messages page the number comes
 * from the conversation list that page already polls every 3 s (the sum of its unread counts), so the badge and
 * the list always agree and the badge costs no request of its own there.
 */
export function useUnreadCount(): number {
  const { user } = useCurrentUser();
  const onMessagesPage = useMatch('/messages') !== null;
  const conversations = useGetConversationsQuery(undefined, { skip: !user || !onMessagesPage });
  const badge = useGetUnreadCountQuery(undefined, {
    skip: !user || onMessagesPage,
    pollingInterval: BADGE_POLL_MS,
    skipPollingIfUnfocused: true,
    refetchOnMountOrArgChange: true,
  });
  if (!user) return 0;
  if (onMessagesPage) return conversations.data?.reduce((sum, c) => sum + c.unreadCount, 0) ?? 0;
  return badge.data?.count ?? 0;
}

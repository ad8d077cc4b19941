import { useMatch } from 'react-router';
import { useGetUnreadCountQuery } from '../../../api/messagesApi';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { CONVERSATIONS_POLL_MS } from '../polling';
import { useLivePolling } from '../../live/liveStatus';

/**
 * Away from Messages the header badge asks for its number every 15 s, and only while the tab is in front: it
 * is a hint, and every signed-in page polling every 3 s would cost as much as the Messages page itself. On the
 * Messages page it polls with the conversation list (every 3 s, also in the background); the list is paged, so its
 * unread counts do not add up to the total. Unchanged answers are 304s (conditional polling). Sending or reading a
 * message refreshes it at once (tags). While the live stream is open, it is pushed instead (no polling).
 */
const BADGE_POLL_MS = 15_000;

/** How many messages to the signed-in user are unread (0 when signed out). */
export function useUnreadCount(): number {
  const { user } = useCurrentUser();
  const onMessagesPage = useMatch('/messages') !== null;
  const pollingInterval = useLivePolling(onMessagesPage ? CONVERSATIONS_POLL_MS : BADGE_POLL_MS);
  const badge = useGetUnreadCountQuery(undefined, {
    skip: !user,
    pollingInterval,
    skipPollingIfUnfocused: !onMessagesPage,
    refetchOnMountOrArgChange: true,
  });
  return user ? (badge.data?.count ?? 0) : 0;
}

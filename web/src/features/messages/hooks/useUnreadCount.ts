import { useGetUnreadCountQuery } from '../../../api/messagesApi';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';

const POLL_MS = 3000;

/** How many messages to the signed-in user are unread, polled every 3 s (0 when signed out). */
export function useUnreadCount(): number {
  const { user } = useCurrentUser();
  const { data } = useGetUnreadCountQuery(undefined, { skip: !user, pollingInterval: POLL_MS, skipPollingIfUnfocused: false });
  return user ? (data?.count ?? 0) : 0;
}

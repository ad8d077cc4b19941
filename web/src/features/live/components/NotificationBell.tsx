import { lazy, Suspense, useState } from 'react';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import NotificationsNoneRounded from '@mui/icons-material/NotificationsNoneRounded';
import { useGetNotificationsUnreadQuery } from '../../../api/notificationsApi';
import { useLivePolling } from '../liveStatus';

/** The list (Popover, list items) loads on the first click of the bell, not with every page. */
const NotificationPanel = lazy(() => import('./NotificationPanel'));

/** Without the live stream, the count is asked for this often while the tab is in front. */
const UNREAD_POLL_MS = 60_000;

/** The header's bell: the unread count, and on a click the notifications. */
export function NotificationBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [panelWanted, setPanelWanted] = useState(false);
  const pollingInterval = useLivePolling(UNREAD_POLL_MS);
  const unread =
    useGetNotificationsUnreadQuery(undefined, { pollingInterval, skipPollingIfUnfocused: true }).data?.count ?? 0;
  const label = unread ? `Notifications, ${unread} unread` : 'Notifications';

  return (
    <>
      <IconButton
        aria-label={label}
        title={label}
        onClick={(e) => {
          setPanelWanted(true);
          setAnchor(e.currentTarget);
        }}
      >
        {unread ? (
          <Badge color="primary" badgeContent={unread} max={99}>
            <NotificationsNoneRounded />
          </Badge>
        ) : (
          <NotificationsNoneRounded />
        )}
      </IconButton>
      {panelWanted && (
        <Suspense fallback={null}>
          <NotificationPanel anchor={anchor} unread={unread} close={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}

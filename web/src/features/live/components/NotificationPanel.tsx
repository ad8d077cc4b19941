import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import {
  useGetNotificationsInfiniteQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
} from '../../../api/notificationsApi';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { relativeTime } from '../../../utils/time';

interface Props {
  anchor: HTMLElement | null;
  unread: number;
  close: () => void;
}

/** The bell's list: newest first, paged, each notification opening its page (and marked read on the way). */
export default function NotificationPanel({ anchor, unread, close }: Props) {
  const notifications = useGetNotificationsInfiniteQuery(undefined, { skip: !anchor });
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead] = useMarkAllNotificationsReadMutation();
  const items = notifications.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Popover
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      // A named section: the popover sits outside the page's landmarks (axe "region").
      slotProps={{
        paper: {
          component: 'section',
          'aria-labelledby': 'notifications-heading',
          sx: { width: 360, maxWidth: 'calc(100vw - 32px)', maxHeight: 480 },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, pt: 1.5, pb: 1 }}>
        <Typography id="notifications-heading" variant="h6" component="h2">
          Notifications
        </Typography>
        <Button size="small" disabled={!unread} onClick={() => void markAllRead()}>
          Mark all read
        </Button>
      </Box>
      {notifications.isLoading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress size={24} aria-label="Loading notifications" />
        </Box>
      ) : items.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          Nothing new. Sales, orders, payouts and reviews will show here.
        </Typography>
      ) : (
        <List dense disablePadding aria-label="Notifications">
          {items.map((item) => (
            // A list holds list items only (axe "list"): the link goes inside one.
            <ListItem key={item.id} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={item.link}
                onClick={() => {
                  if (!item.readAt) void markRead(item.id);
                  close();
                }}
                sx={{ bgcolor: item.readAt ? undefined : 'action.hover' }}
              >
                <ListItemText
                  primary={item.text}
                  secondary={relativeTime(item.createdAt)}
                  slotProps={{ primary: { sx: { fontWeight: item.readAt ? 400 : 600 } } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      {notifications.hasNextPage && (
        <LoadMoreButton
          compact
          label="Older notifications"
          isLoading={notifications.isFetchingNextPage}
          onClick={() => void notifications.fetchNextPage()}
        />
      )}
    </Popover>
  );
}

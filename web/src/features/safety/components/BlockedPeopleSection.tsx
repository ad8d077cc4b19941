import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { UserAvatar } from '../../../components/UserAvatar';
import { useListBlocksQuery, useUnblockUserMutation } from '../blocksApi';

/** Account settings: the people you blocked, each with Unblock. */
export function BlockedPeopleSection() {
  const blocks = useListBlocksQuery();
  const [unblock] = useUnblockUserMutation();
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="blocked-people-heading">
      <Typography variant="h6" component="h2" id="blocked-people-heading">
        Blocked people
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        People you blocked can’t message you, buy your items or review you. They aren’t told.
      </Typography>
      {blocks.isLoading ? (
        <Skeleton variant="rounded" height={56} />
      ) : blocks.isError ? (
        <Alert severity="error">Could not load the people you blocked</Alert>
      ) : !blocks.data?.length ? (
        <Typography sx={{ color: 'text.secondary' }}>You haven’t blocked anyone.</Typography>
      ) : (
        <List disablePadding aria-label="Blocked people">
          {blocks.data.map(({ user, blockedAt }) => (
            <ListItem
              key={user.id}
              disableGutters
              secondaryAction={
                <Button onClick={() => void unblock(user.id)} aria-label={`Unblock ${user.firstName} ${user.lastName}`}>
                  Unblock
                </Button>
              }
            >
              <ListItemAvatar>
                <UserAvatar firstName={user.firstName} lastName={user.lastName} avatar={user.avatar} size={40} />
              </ListItemAvatar>
              <ListItemText
                primary={`${user.firstName} ${user.lastName}`}
                secondary={`Blocked ${new Date(blockedAt).toLocaleDateString()}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}

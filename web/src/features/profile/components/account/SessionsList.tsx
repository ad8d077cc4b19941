import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SessionDto } from '@souvenir/contracts';
import { asApiError } from '../../../../api/api';
import { useToast } from '../../../../hooks/useToast';
import {
  useListSessionsQuery,
  useRevokeOtherSessionsMutation,
  useRevokeSessionMutation,
} from '../../../auth/accountApi';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The devices signed in to the account, with a way to sign out one, or all but this one. */
export function SessionsList() {
  const { data: sessions = [], refetch, isLoading } = useListSessionsQuery();
  const [revoke] = useRevokeSessionMutation();
  const [revokeOthers, { isLoading: revokingOthers }] = useRevokeOtherSessionsMutation();
  const toast = useToast();

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast({ title: done });
    } catch (error) {
      toast({ title: 'Not signed out', description: asApiError(error)?.serverMessage, variant: 'error' });
    }
    void refetch();
  };

  const others = sessions.filter((session) => !session.current);
  return (
    <Stack spacing={1} aria-labelledby="sessions-title">
      <Typography id="sessions-title" variant="h6" component="h2">
        Where you are signed in
      </Typography>
      {isLoading ? <Typography>Loading…</Typography> : null}
      <List disablePadding>
        {sessions.map((session) => (
          <ListItem
            key={session.id}
            divider
            disableGutters
            secondaryAction={
              session.current ? (
                <Chip label="This device" color="primary" size="small" />
              ) : (
                <Button
                  size="small"
                  onClick={() => act(() => revoke(session.id).unwrap(), 'Signed out of that device')}
                  aria-label={`Sign out ${session.browser}, last seen ${when(session.lastSeenAt)}`}
                >
                  Sign out
                </Button>
              )
            }
            sx={{ pr: 14 }}
          >
            <ListItemText primary={session.browser} secondary={describe(session)} />
          </ListItem>
        ))}
      </List>
      <Button
        variant="outlined"
        disabled={others.length === 0 || revokingOthers}
        onClick={() => act(() => revokeOthers().unwrap(), 'Signed out of every other device')}
        sx={{ alignSelf: 'flex-start' }}
      >
        Sign out all other devices
      </Button>
    </Stack>
  );
}

function describe(session: SessionDto): string {
  return `IP ${session.ip} · signed in ${when(session.createdAt)} · last seen ${when(session.lastSeenAt)}`;
}

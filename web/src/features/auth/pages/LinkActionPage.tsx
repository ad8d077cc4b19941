import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACCOUNT_TOKEN_PATTERN, ACCOUNT_MESSAGES } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';
import { asApiError } from '../../../api/api';
import { useConfirmEmailMutation, useUndoEmailChangeMutation, useVerifyEmailMutation } from '../accountApi';
import { useLinkToken } from '../hooks/useLinkToken';

/** What each mailed link does when it is opened, and what the page says then. */
const LINKS = {
  verify: {
    title: 'Verify your e-mail address',
    done: 'Thank you: your e-mail address is verified. You can now list items and message sellers without limits.',
    next: { label: 'Continue', to: '/' },
  },
  confirmEmail: {
    title: 'Confirm your new e-mail address',
    done: 'Your account now uses this e-mail address. We told your old address, which can undo the change for 7 days.',
    next: { label: 'Account settings', to: '/account' },
  },
  undoEmailChange: {
    title: 'Undo the e-mail change',
    done: 'Your account is back on this address, and everyone signed in to it was signed out. If someone else made the change, choose a new password now with "Forgot password?".',
    next: { label: 'Go to Souvenir Swap', to: '/' },
  },
} as const;

type LinkKind = keyof typeof LINKS;

function useLinkMutation(kind: LinkKind) {
  const verify = useVerifyEmailMutation();
  const confirm = useConfirmEmailMutation();
  const undo = useUndoEmailChangeMutation();
  return { verify, confirmEmail: confirm, undoEmailChange: undo }[kind][0];
}

/** The page a mailed link opens: it uses the token once, at once, and says how it went. */
function LinkActionPage({ kind }: { kind: LinkKind }) {
  const token = useLinkToken();
  const use = useLinkMutation(kind);
  const [outcome, setOutcome] = useState<'working' | 'done' | { error: string }>('working');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!ACCOUNT_TOKEN_PATTERN.test(token)) return setOutcome({ error: ACCOUNT_MESSAGES.invalidLink });
    use({ token })
      .unwrap()
      .then(() => setOutcome('done'))
      .catch((error: unknown) => setOutcome({ error: asApiError(error)?.serverMessage ?? 'An error occurred' }));
  }, [token, use]);

  const link = LINKS[kind];
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 } }}>
        <Typography variant="h4" component="h1">
          {link.title}
        </Typography>
        <Stack spacing={2} sx={{ mt: 2 }} aria-live="polite">
          {outcome === 'working' ? (
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <CircularProgress size={20} aria-label="Working" />
              <Typography>One moment…</Typography>
            </Stack>
          ) : outcome === 'done' ? (
            <Alert severity="success" role="status">
              {link.done}
            </Alert>
          ) : (
            <Alert severity="error" role="alert">
              {outcome.error}
            </Alert>
          )}
          {outcome !== 'working' ? (
            <Button component={RouterLink} to={link.next.to} variant="contained" sx={{ alignSelf: 'flex-start' }}>
              {link.next.label}
            </Button>
          ) : null}
        </Stack>
      </Paper>
    </Container>
  );
}

export const VerifyEmailPage = () => <LinkActionPage kind="verify" />;
export const ConfirmEmailPage = () => <LinkActionPage kind="confirmEmail" />;
export const UndoEmailChangePage = () => <LinkActionPage kind="undoEmailChange" />;

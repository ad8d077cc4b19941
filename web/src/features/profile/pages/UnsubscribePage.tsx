import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { NotificationSettingKind } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';
import { asApiError } from '../../../api/api';
import { useLinkToken } from '../../auth/hooks/useLinkToken';
import { NOTIFICATION_KIND_LABELS } from '../notificationKinds';
import { useUnsubscribeMutation } from '../notificationSettingsApi';

/**
 * Where a mail's unsubscribe link lands. Opening it changes nothing (mail scanners open links); the button does what
 * a mail client's one-click does, and needs no sign-in.
 */
export default function UnsubscribePage() {
  const token = useLinkToken();
  const [unsubscribe, { isLoading }] = useUnsubscribeMutation();
  const [outcome, setOutcome] = useState<{ kind: NotificationSettingKind } | { error: string } | null>(null);

  const confirm = () =>
    unsubscribe({ token })
      .unwrap()
      .then(setOutcome)
      .catch((error: unknown) => setOutcome({ error: asApiError(error)?.serverMessage ?? 'An error occurred' }));

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 } }}>
        <Typography variant="h4" component="h1">
          Unsubscribe
        </Typography>
        <Stack spacing={2} sx={{ mt: 2 }} aria-live="polite">
          {outcome === null ? (
            <>
              <Typography>Stop receiving e-mails like the one that brought you here?</Typography>
              <Button
                variant="contained"
                onClick={confirm}
                disabled={isLoading || !token}
                sx={{ alignSelf: 'flex-start' }}
              >
                {isLoading ? 'Unsubscribing...' : 'Unsubscribe'}
              </Button>
            </>
          ) : 'kind' in outcome ? (
            <Alert severity="success" role="status">
              You will no longer get e-mails about {NOTIFICATION_KIND_LABELS[outcome.kind].toLowerCase()}.
              {outcome.kind === 'orders' || outcome.kind === 'accountSecurity'
                ? ' Order and security e-mails are still sent, as they are needed for your purchases and your account.'
                : ''}
            </Alert>
          ) : (
            <Alert severity="error" role="alert">
              {outcome.error}
            </Alert>
          )}
          <Typography variant="body2">
            Choose every kind of e-mail you get in{' '}
            <RouterLink to="/account#notifications">your notification settings</RouterLink>.
          </Typography>
        </Stack>
      </Paper>
    </Container>
  );
}

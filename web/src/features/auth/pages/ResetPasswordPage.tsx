import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PasswordResetConfirmDto } from '@souvenir/contracts';
import { asApiError } from '../../../api/api';
import { useAppDispatch } from '../../../app/hooks';
import { useDtoForm } from '../../../hooks/useDtoForm';
import { useConfirmPasswordResetMutation } from '../accountApi';
import { openAuthDialog } from '../authDialogSlice';
import { useLinkToken } from '../hooks/useLinkToken';

/** The reset link's page: a new password, once; then every session of the account has ended, so sign in again. */
export default function ResetPasswordPage() {
  const token = useLinkToken();
  const dispatch = useAppDispatch();
  const [confirmReset, { isLoading }] = useConfirmPasswordResetMutation();
  const [outcome, setOutcome] = useState<{ done: true } | { error: string } | null>(null);
  const { field, handleSubmit } = useDtoForm(PasswordResetConfirmDto, { token, password: '' });

  const submit = handleSubmit(
    async ({ password }) => {
      try {
        await confirmReset({ token, password }).unwrap();
        setOutcome({ done: true });
      } catch (error) {
        setOutcome({ error: asApiError(error)?.serverMessage ?? 'An error occurred' });
      }
    },
    (errors) => {
      if (errors.token) setOutcome({ error: errors.token });
    },
  );

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 } }}>
        <Typography variant="h4" component="h1">
          Choose a new password
        </Typography>
        {outcome && 'done' in outcome ? (
          <Stack spacing={2} sx={{ mt: 2 }}>
            <Alert severity="success" role="status">
              Your password has been changed. For your safety you were signed out everywhere: sign in with the new
              password.
            </Alert>
            <Button variant="contained" onClick={() => dispatch(openAuthDialog('signIn'))}>
              Sign In
            </Button>
          </Stack>
        ) : (
          <Stack component="form" noValidate spacing={2} onSubmit={submit} sx={{ mt: 2 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Setting a new password signs you out on every device.
            </Typography>
            {outcome && 'error' in outcome ? (
              <Alert severity="error" role="alert">
                {outcome.error}{' '}
                <Button size="small" onClick={() => dispatch(openAuthDialog('forgotPassword'))}>
                  Send a new link
                </Button>
              </Alert>
            ) : null}
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              autoFocus
              {...field('password')}
            />
            <Button type="submit" variant="contained" size="large" disabled={isLoading}>
              {isLoading ? 'Saving...' : 'Set new password'}
            </Button>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}

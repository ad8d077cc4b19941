import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ACCOUNT_MESSAGES, PasswordResetRequestDto } from '@souvenir/contracts';
import { asApiError } from '../../../api/api';
import { DialogCloseButton } from '../../../components/DialogCloseButton';
import { useDtoForm } from '../../../hooks/useDtoForm';
import { useToast } from '../../../hooks/useToast';
import { useRequestPasswordResetMutation } from '../accountApi';

interface Props {
  open: boolean;
  onClose: () => void;
  onBackToSignIn: () => void;
}

const empty = { email: '' };

/**
 * "Forgot password?": asks for the account's address and says the same whatever it is (the server does too), so the
 * dialog never tells whether an address is registered.
 */
export function ForgotPasswordDialog({ open, onClose, onBackToSignIn }: Props) {
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const toast = useToast();
  const [sent, setSent] = useState(false);
  const { field, handleSubmit, reset } = useDtoForm(PasswordResetRequestDto, empty);

  useEffect(() => {
    if (open) {
      reset(empty);
      setSent(false);
    }
  }, [open, reset]);

  const submit = handleSubmit(async ({ email }) => {
    try {
      await requestReset({ email }).unwrap();
      setSent(true);
    } catch (error) {
      toast({
        title: 'Could not send the link',
        description: asApiError(error)?.serverMessage ?? 'An error occurred',
        variant: 'error',
      });
    }
  });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="forgot-password-title">
      <DialogTitle id="forgot-password-title" sx={{ pr: 7 }}>
        Reset your password
      </DialogTitle>
      <DialogCloseButton onClose={onClose} />
      <DialogContent>
        {sent ? (
          <Stack spacing={2}>
            <Alert severity="success" role="status">
              {ACCOUNT_MESSAGES.resetRequested}
            </Alert>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              The link works once, within 60 minutes. Check your spam folder if it does not arrive.
            </Typography>
            <Button variant="contained" onClick={onBackToSignIn}>
              Back to Sign In
            </Button>
          </Stack>
        ) : (
          <Stack component="form" noValidate spacing={2} onSubmit={submit}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Enter the e-mail address of your account and we will send you a link to choose a new password.
            </Typography>
            <TextField label="Email" type="email" autoComplete="email" autoFocus {...field('email')} />
            <Button type="submit" variant="contained" size="large" disabled={isLoading}>
              {isLoading ? 'Sending...' : 'Send reset link'}
            </Button>
            <Typography variant="body2" sx={{ textAlign: 'center' }}>
              Remembered it?{' '}
              <Link
                component="button"
                type="button"
                onClick={onBackToSignIn}
                sx={{ fontWeight: 600, verticalAlign: 'baseline' }}
              >
                Sign In
              </Link>
            </Typography>
          </Stack>
        )}
      </DialogContent>
    </Dialog>
  );
}

import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LoginDto } from '@souvenir/contracts';
import { asApiError } from '../../../api/api';
import { useLoginMutation } from '../../../api/authApi';
import { DialogCloseButton } from '../../../components/DialogCloseButton';
import { useDtoForm } from '../../../hooks/useDtoForm';
import { useToast } from '../../../hooks/useToast';
import { isTwoFactorRequired } from '../twoFactorApi';
import { PasskeySignInButton } from './PasskeySignInButton';
import { TwoFactorSignInStep } from './TwoFactorSignInStep';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Signed in (or joined): the dialog closes and the person goes on with what they were doing. */
  onSignedIn: () => void;
  onSwitchToJoin: () => void;
  onForgotPassword: () => void;
}

const empty = { username: '', password: '' };

export function SignInDialog({ open, onClose, onSignedIn, onSwitchToJoin, onForgotPassword }: Props) {
  const [login, { isLoading }] = useLoginMutation();
  const toast = useToast();
  const { field, handleSubmit, reset } = useDtoForm(LoginDto, empty);
  // The password was right and the account has two-step sign-in: the dialog asks for the code next.
  const [awaitingCode, setAwaitingCode] = useState<{ username: string; password: string } | null>(null);

  useEffect(() => {
    if (open) {
      reset(empty);
      setAwaitingCode(null);
    }
  }, [open, reset]);

  const submit = handleSubmit(async (credentials) => {
    try {
      await login(credentials).unwrap();
      toast({ title: 'Login successful', description: 'Welcome back!' });
      onSignedIn();
    } catch (error) {
      if (isTwoFactorRequired(error))
        return setAwaitingCode({ username: credentials.username, password: credentials.password });
      toast({
        title: 'Login failed',
        description: asApiError(error)?.serverMessage ?? 'An error occurred',
        variant: 'error',
      });
    }
  });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="sign-in-title">
      <DialogTitle id="sign-in-title" sx={{ pr: 7 }}>
        Sign In
      </DialogTitle>
      <DialogCloseButton onClose={onClose} />
      <DialogContent>
        {awaitingCode ? (
          <TwoFactorSignInStep
            credentials={awaitingCode}
            onSignedIn={onSignedIn}
            onBack={() => setAwaitingCode(null)}
          />
        ) : (
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
              Welcome back, traveller. Sign in to buy, sell and message.
            </Typography>
            <Stack component="form" noValidate spacing={2} onSubmit={submit}>
              <TextField label="Username" autoComplete="username" autoFocus {...field('username')} />
              <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
              <Link
                component="button"
                type="button"
                onClick={onForgotPassword}
                sx={{ alignSelf: 'flex-end', fontWeight: 600, mt: '8px !important' }}
              >
                Forgot password?
              </Link>
              <Button type="submit" variant="contained" size="large" disabled={isLoading}>
                {isLoading ? 'Signing In...' : 'Sign In'}
              </Button>
              <Typography variant="body2" sx={{ textAlign: 'center' }}>
                Don&apos;t have an account?{' '}
                <Link
                  component="button"
                  type="button"
                  onClick={onSwitchToJoin}
                  sx={{ fontWeight: 600, verticalAlign: 'baseline' }}
                >
                  Join now
                </Link>
              </Typography>
            </Stack>
            <PasskeySignInButton onSignedIn={onSignedIn} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

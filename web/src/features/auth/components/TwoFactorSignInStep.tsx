import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TWO_FACTOR_MESSAGES } from '@souvenir/contracts';
import { asApiError } from '../../../api/api';
import { useLoginMutation } from '../../../api/authApi';
import { useToast } from '../../../hooks/useToast';
import { isTwoFactorRequired } from '../twoFactorApi';
import { TwoFactorCodeField } from './TwoFactorCodeField';

interface Props {
  credentials: { username: string; password: string };
  onSignedIn: () => void;
  onBack: () => void;
}

/** The Sign In dialog's second step: the password was right, and the account wants its authenticator's code. */
export function TwoFactorSignInStep({ credentials, onSignedIn, onBack }: Props) {
  const [login, { isLoading }] = useLoginMutation();
  const toast = useToast();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(TWO_FACTOR_MESSAGES.codeRequired);
    try {
      await login({ ...credentials, code: code.trim() }).unwrap();
      toast({ title: 'Login successful', description: 'Welcome back!' });
      onSignedIn();
    } catch (failure) {
      const message = asApiError(failure)?.serverMessage ?? 'An error occurred';
      if (isTwoFactorRequired(failure) || asApiError(failure)?.status === 400) return setError(message);
      toast({ title: 'Login failed', description: message, variant: 'error' });
    }
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label="Two-step sign-in">
      <Typography variant="body2">
        Open your authenticator app and enter the 6-digit code for Souvenir Swap. Lost your phone? Enter one of your
        recovery codes instead.
      </Typography>
      <TwoFactorCodeField
        autoFocus
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setError(null);
        }}
        error={!!error}
        helperText={error ?? ' '}
      />
      <Button type="submit" variant="contained" size="large" disabled={isLoading}>
        {isLoading ? 'Checking...' : 'Verify and sign in'}
      </Button>
      <Button type="button" onClick={onBack}>
        Back
      </Button>
    </Stack>
  );
}

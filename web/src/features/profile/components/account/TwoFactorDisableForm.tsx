import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES, TWO_FACTOR_MESSAGES } from '@souvenir/contracts';
import { asApiError } from '../../../../api/api';
import { useToast } from '../../../../hooks/useToast';
import { TwoFactorCodeField } from '../../../auth/components/TwoFactorCodeField';
import { useDisableTwoFactorMutation } from '../../../auth/twoFactorApi';

/** Turning two-step sign-in off needs the password and a code, so an open session alone cannot do it. */
export function TwoFactorDisableForm({ onDisabled }: { onDisabled: () => void }) {
  const [disable, { isLoading }] = useDisableTwoFactorMutation();
  const toast = useToast();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      ...(password ? {} : { password: MESSAGES.passwordRequired }),
      ...(code.trim() ? {} : { code: TWO_FACTOR_MESSAGES.codeRequired }),
    };
    if (missing.password || missing.code) return setErrors(missing);
    try {
      await disable({ password, code: code.trim() }).unwrap();
      toast({ title: 'Two-step sign-in is off', description: 'Signing in now asks only for your password.' });
      onDisabled();
    } catch (failure) {
      const message = asApiError(failure)?.serverMessage ?? 'An error occurred';
      setErrors(/password/i.test(message) ? { password: message } : { code: message });
    }
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-labelledby="two-factor-off-title">
      <Typography id="two-factor-off-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        Turn off two-step sign-in
      </Typography>
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={!!errors.password}
        helperText={errors.password ?? ' '}
        sx={{ maxWidth: 320 }}
      />
      <TwoFactorCodeField
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={!!errors.code}
        helperText={errors.code ?? 'From your authenticator app, or a recovery code'}
        sx={{ maxWidth: 320 }}
      />
      <Button type="submit" variant="outlined" color="error" disabled={isLoading} sx={{ alignSelf: 'flex-start' }}>
        {isLoading ? 'Turning off...' : 'Turn off'}
      </Button>
    </Stack>
  );
}

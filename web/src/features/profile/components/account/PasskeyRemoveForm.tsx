import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MESSAGES, type PasskeyDto } from '@souvenir/contracts';
import { asApiError } from '../../../../api/api';
import { useToast } from '../../../../hooks/useToast';
import { useRemovePasskeyMutation } from '../../../auth/passkeysApi';

interface Props {
  passkey: PasskeyDto;
  onCancel: () => void;
  onRemoved: () => void;
}

/** Removing a passkey asks for the password, so a session left open cannot take the owner's way in away. */
export function PasskeyRemoveForm({ passkey, onCancel, onRemoved }: Props) {
  const [remove, { isLoading }] = useRemovePasskeyMutation();
  const toast = useToast();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(MESSAGES.passwordRequired);
    try {
      await remove({ id: passkey.id, password }).unwrap();
      toast({ title: 'Passkey removed', description: `${passkey.name} no longer signs you in.` });
      onRemoved();
    } catch (failure) {
      setError(asApiError(failure)?.serverMessage ?? 'An error occurred');
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={submit}
      aria-label={`Remove ${passkey.name}`}
      sx={{ py: 2 }}
    >
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        autoFocus
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setError(null);
        }}
        error={!!error}
        helperText={error ?? 'Your password, to remove this passkey'}
        sx={{ maxWidth: 320 }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="outlined" color="error" disabled={isLoading}>
          {isLoading ? 'Removing...' : 'Remove passkey'}
        </Button>
        <Button type="button" onClick={onCancel}>
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}

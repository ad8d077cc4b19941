import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ChangeEmailDto, type MeDto } from '@souvenir/contracts';
import { asApiError } from '../../../../api/api';
import { useDtoForm } from '../../../../hooks/useDtoForm';
import { useToast } from '../../../../hooks/useToast';
import { useChangeEmailMutation } from '../../../auth/accountApi';

const empty = { email: '', password: '' };

/** Change e-mail: the password is required, and the new address confirms by the link mailed to it. */
export function ChangeEmailForm({ me }: { me: MeDto }) {
  const [changeEmail, { isLoading }] = useChangeEmailMutation();
  const toast = useToast();
  const [pending, setPending] = useState<string | null>(null);
  const { field, handleSubmit, reset } = useDtoForm(ChangeEmailDto, empty);

  const submit = handleSubmit(async (values) => {
    try {
      await changeEmail(values).unwrap();
      setPending(values.email);
      reset(empty);
    } catch (error) {
      toast({
        title: 'E-mail not changed',
        description: asApiError(error)?.serverMessage ?? 'An error occurred',
        variant: 'error',
      });
    }
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-labelledby="change-email-title">
      <Typography id="change-email-title" variant="h6" component="h2">
        E-mail address
      </Typography>
      <Typography variant="body2">
        Now: <strong>{me.email}</strong> {me.emailVerified ? '(verified)' : '(not verified yet)'}
      </Typography>
      {pending ? (
        <Alert severity="info" role="status">
          We sent a link to {pending}. Your address changes when you open it (within 24 hours).
        </Alert>
      ) : null}
      <TextField label="New e-mail address" type="email" autoComplete="email" {...field('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
      <Button type="submit" variant="contained" disabled={isLoading} sx={{ alignSelf: 'flex-start' }}>
        {isLoading ? 'Sending...' : 'Change e-mail'}
      </Button>
    </Stack>
  );
}

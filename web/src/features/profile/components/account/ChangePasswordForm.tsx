import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ChangePasswordDto } from '@souvenir/contracts';
import { asApiError } from '../../../../api/api';
import { useDtoForm } from '../../../../hooks/useDtoForm';
import { useToast } from '../../../../hooks/useToast';
import { useChangePasswordMutation } from '../../../auth/accountApi';

const empty = { currentPassword: '', newPassword: '' };

/** Change password: the current one is required; the account's other sessions end. */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const toast = useToast();
  const { field, handleSubmit, reset } = useDtoForm(ChangePasswordDto, empty);

  const submit = handleSubmit(async (values) => {
    try {
      await changePassword(values).unwrap();
      reset(empty);
      toast({ title: 'Password changed', description: 'Your other devices were signed out.' });
      onChanged();
    } catch (error) {
      toast({
        title: 'Password not changed',
        description: asApiError(error)?.serverMessage ?? 'An error occurred',
        variant: 'error',
      });
    }
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-labelledby="change-password-title">
      <Typography id="change-password-title" variant="h6" component="h2">
        Password
      </Typography>
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...field('currentPassword')}
      />
      <TextField label="New password" type="password" autoComplete="new-password" {...field('newPassword')} />
      <Button type="submit" variant="contained" disabled={isLoading} sx={{ alignSelf: 'flex-start' }}>
        {isLoading ? 'Saving...' : 'Change password'}
      </Button>
    </Stack>
  );
}

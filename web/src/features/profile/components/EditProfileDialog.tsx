import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { UpdateProfileDto, type UserDto } from '@souvenir/contracts';
import { asApiError } from '../../../api/api';
import { useUpdateUserMutation } from '../../../api/usersApi';
import { DialogCloseButton } from '../../../components/DialogCloseButton';
import { useDtoForm } from '../../../hooks/useDtoForm';
import { useToast } from '../../../hooks/useToast';

interface Props {
  open: boolean;
  user: UserDto;
  onClose: () => void;
}

export function EditProfileDialog({ open, user, onClose }: Props) {
  const [updateUser, { isLoading }] = useUpdateUserMutation();
  const toast = useToast();
  const { field, handleSubmit, reset } = useDtoForm(UpdateProfileDto, {
    firstName: user.firstName,
    lastName: user.lastName,
    location: user.location ?? '',
  });

  useEffect(() => {
    if (open) reset({ firstName: user.firstName, lastName: user.lastName, location: user.location ?? '' });
  }, [open, reset, user.firstName, user.lastName, user.location]);

  const submit = handleSubmit(async ({ firstName, lastName, location }) => {
    try {
      await updateUser({ id: user.id, changes: { firstName, lastName, location: location || null } }).unwrap();
      toast({ title: 'Profile updated successfully!' });
      onClose();
    } catch (error) {
      toast({
        title: 'Failed to update profile',
        description: asApiError(error)?.serverMessage ?? 'An error occurred',
        variant: 'error',
      });
    }
  });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="edit-profile-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="edit-profile-title" sx={{ pr: 7 }}>
          Edit Profile
        </DialogTitle>
        <DialogCloseButton onClose={onClose} disabled={isLoading} />
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label="First Name" autoComplete="given-name" autoFocus {...field('firstName')} />
            <TextField label="Last Name" autoComplete="family-name" {...field('lastName')} />
            <TextField
              label="Location"
              placeholder="City, Country"
              autoComplete="address-level2"
              {...field('location')}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} sx={{ color: 'text.secondary' }}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Saving...' : 'Save Changes'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

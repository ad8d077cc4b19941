import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RegisterDto } from '@souvenir/contracts';
import { asApiError } from '../../../api/api';
import { useRegisterMutation } from '../../../api/authApi';
import { DialogCloseButton } from '../../../components/DialogCloseButton';
import { useDtoForm } from '../../../hooks/useDtoForm';
import { useToast } from '../../../hooks/useToast';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Signed in (or joined): the dialog closes and the person goes on with what they were doing. */
  onSignedIn: () => void;
  onSwitchToSignIn: () => void;
}

const empty = { email: '', password: '', username: '', firstName: '', lastName: '', location: '' };

export function JoinDialog({ open, onClose, onSignedIn, onSwitchToSignIn }: Props) {
  const [register, { isLoading }] = useRegisterMutation();
  const toast = useToast();
  const { field, handleSubmit, reset } = useDtoForm(RegisterDto, empty);

  useEffect(() => {
    if (open) reset(empty);
  }, [open, reset]);

  const submit = handleSubmit(async ({ location, ...rest }) => {
    try {
      await register({ ...rest, location: location || null }).unwrap();
      toast({ title: 'Account created successfully!' });
      onSignedIn();
    } catch (error) {
      toast({
        title: 'Registration failed',
        description: asApiError(error)?.serverMessage ?? 'An error occurred',
        variant: 'error',
      });
    }
  });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="join-title">
      <DialogTitle id="join-title" sx={{ pr: 7 }}>
        Join
      </DialogTitle>
      <DialogCloseButton onClose={onClose} />
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          Create your account to list souvenirs from your travels and shop treasures from around the world.
        </Typography>
        <Stack component="form" noValidate spacing={2} onSubmit={submit}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label="First Name" autoComplete="given-name" autoFocus {...field('firstName')} />
            <TextField label="Last Name" autoComplete="family-name" {...field('lastName')} />
          </Stack>
          <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
          <TextField label="Username" autoComplete="username" {...field('username')} />
          <TextField label="Password" type="password" autoComplete="new-password" {...field('password')} />
          <TextField
            label="Location (optional)"
            placeholder="City, Country"
            autoComplete="address-level2"
            {...field('location')}
          />
          <Button type="submit" variant="contained" size="large" disabled={isLoading}>
            {isLoading ? 'Creating Account...' : 'Create Account'}
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            Already have an account?{' '}
            <Link
              component="button"
              type="button"
              onClick={onSwitchToSignIn}
              sx={{ fontWeight: 600, verticalAlign: 'baseline' }}
            >
              Sign in
            </Link>
          </Typography>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}

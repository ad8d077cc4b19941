import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { ACCOUNT_DELETION_MESSAGES, MESSAGES, type MeDto } from '@souvenir/contracts';
import { useNavigate } from 'react-router';
import { api, asApiError } from '../../../../api/api';
import { useAppDispatch } from '../../../../app/hooks';
import { DialogCloseButton } from '../../../../components/DialogCloseButton';
import { useToast } from '../../../../hooks/useToast';
import { useDeleteAccountMutation } from '../../../auth/accountApi';
import { TwoFactorCodeField } from '../../../auth/components/TwoFactorCodeField';

interface Props {
  me: MeDto;
  open: boolean;
  onClose: () => void;
}

/**
 * Says what deleting erases, what is kept and why, and what blocks it before anything is asked; then the password (and
 * a code with two-step sign-in on), so an unattended session cannot delete the account. A refusal (an open order,
 * money not yet paid out) is shown here as the server words it; success signs out and goes home.
 */
export function DeleteAccountDialog({ me, open, onClose }: Props) {
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string; refused?: string }>({});

  const close = () => {
    if (isLoading) return;
    setPassword('');
    setCode('');
    setErrors({});
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      ...(password ? {} : { password: MESSAGES.passwordRequired }),
      ...(!me.twoFactor || code.trim() ? {} : { code: ACCOUNT_DELETION_MESSAGES.codeRequired }),
    };
    if (missing.password || missing.code) return setErrors(missing);
    setErrors({});
    try {
      await deleteAccount({ userId: me.id, password, ...(me.twoFactor ? { code: code.trim() } : {}) }).unwrap();
    } catch (failure) {
      const error = asApiError(failure);
      const message = error?.serverMessage ?? 'Something went wrong. Please try again.';
      if (error?.status === 409) return setErrors({ refused: message });
      if (/password/i.test(message)) return setErrors({ password: message });
      if (me.twoFactor && /code/i.test(message)) return setErrors({ code: message });
      return setErrors({ refused: message });
    }
    dispatch(api.util.resetApiState());
    navigate('/');
    toast({ title: 'Your account has been deleted', description: 'You have been signed out on every device.' });
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      fullScreen={fullScreen}
      maxWidth="sm"
      aria-labelledby="delete-account-title"
      aria-describedby="delete-account-summary"
    >
      <DialogTitle id="delete-account-title" sx={{ pr: 7 }}>
        Delete your account?
      </DialogTitle>
      <DialogCloseButton onClose={close} disabled={isLoading} />
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogContent>
          <Stack spacing={2}>
            <Typography id="delete-account-summary">
              This cannot be undone. You are signed out everywhere and cannot sign in again with this username or e-mail
              address.
            </Typography>
            <Box>
              <Typography variant="subtitle2" component="h3">
                Erased within seconds
              </Typography>
              <Box component="ul" sx={{ pl: 2.5, my: 0.5 }}>
                <li>Your name, e-mail address, location and profile photo</li>
                <li>Your listings on sale and every photo or document you uploaded</li>
                <li>Your favourites, saved addresses, notifications and sign-in methods</li>
                <li>What you wrote in conversations (the other person sees “Deleted user”)</li>
              </Box>
            </Box>
            <Box>
              <Typography variant="subtitle2" component="h3">
                Kept, without your name or address
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Your past orders, their amounts and our payment records, because tax and payment rules require us to
                keep them; your reviews, shown as written by “Deleted user”.
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              While you have an open order, or money from a sale not yet paid out to you, your account cannot be
              deleted: finish those first.
            </Typography>
            {errors.refused && (
              <Alert severity="warning" role="alert">
                {errors.refused}
              </Alert>
            )}
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={!!errors.password}
              helperText={errors.password ?? 'To confirm it is you'}
              fullWidth
            />
            {me.twoFactor && (
              <TwoFactorCodeField
                value={code}
                onChange={(event) => setCode(event.target.value)}
                error={!!errors.code}
                helperText={errors.code ?? 'From your authenticator app, or a recovery code'}
                fullWidth
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={isLoading} sx={{ color: 'text.secondary' }}>
            Keep my account
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={isLoading}>
            {isLoading ? 'Deleting...' : 'Delete my account'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

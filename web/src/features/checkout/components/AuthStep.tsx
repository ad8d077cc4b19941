import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LoginRounded from '@mui/icons-material/LoginRounded';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import { useAppDispatch } from '../../../app/hooks';
import { openAuthDialog } from '../../auth/authDialogSlice';

/** Step 1 for signed-out buyers: sign in (the header's Sign In dialog) or continue as a guest. */
export function AuthStep({ onContinueAsGuest }: { onContinueAsGuest: () => void }) {
  const dispatch = useAppDispatch();
  return (
    <Stack spacing={2.5}>
      <Typography sx={{ color: 'text.secondary' }}>
        Sign in to check out faster and keep track of your order, or check out as a guest.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button
          variant="contained"
          size="large"
          startIcon={<LoginRounded />}
          onClick={() => dispatch(openAuthDialog('signIn'))}
          sx={{ flex: 1 }}
        >
          Sign In
        </Button>
        <Button
          variant="outlined"
          size="large"
          startIcon={<PersonOutlineRounded />}
          onClick={onContinueAsGuest}
          sx={{ flex: 1 }}
        >
          Continue as Guest
        </Button>
      </Stack>
      <Divider />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Guests only need an email address for the receipt and a shipping address. No account is created.
      </Typography>
    </Stack>
  );
}

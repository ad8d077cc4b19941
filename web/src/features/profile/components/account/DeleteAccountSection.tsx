import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { MeDto } from '@souvenir/contracts';
import { DeleteAccountDialog } from './DeleteAccountDialog';

/** The danger zone: the button only opens the dialog that explains the deletion before asking for anything. */
export function DeleteAccountSection({ me }: { me: MeDto }) {
  const [open, setOpen] = useState(false);
  return (
    <Box component="section" aria-labelledby="delete-account-heading">
      <Typography id="delete-account-heading" variant="h6" component="h2" color="error">
        Delete my account
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2 }}>
        Erases your profile, listings, photos and messages for good. Orders and payment records are kept without your
        personal details.
      </Typography>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <DeleteAccountDialog me={me} open={open} onClose={() => setOpen(false)} />
    </Box>
  );
}

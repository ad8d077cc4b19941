import { useEffect, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TWO_FACTOR_MESSAGES } from '@souvenir/contracts';
import { DialogCloseButton } from '../../../components/DialogCloseButton';
import { TwoFactorCodeField } from '../../auth/components/TwoFactorCodeField';

interface Props {
  open: boolean;
  busy: boolean;
  /** The server's sentence when the last code was refused. */
  error: string | null;
  onClose: () => void;
  onSubmit: (code: string) => void;
}

/** With two-step sign-in on, payout details change only after a fresh code from the authenticator app. */
export function PayoutCodeDialog({ open, busy, error, onClose, onSubmit }: Props) {
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (open) {
      setCode('');
      setMissing(false);
    }
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setMissing(true);
    onSubmit(code.trim());
  };
  const message = missing ? TWO_FACTOR_MESSAGES.codeRequired : error;

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="payout-code-title">
      <DialogTitle id="payout-code-title" sx={{ pr: 7 }}>
        Confirm it&apos;s you
      </DialogTitle>
      <DialogCloseButton onClose={onClose} />
      <DialogContent>
        <Stack component="form" noValidate spacing={2} onSubmit={submit}>
          <Typography variant="body2">{TWO_FACTOR_MESSAGES.payoutCodeRequired}.</Typography>
          <TwoFactorCodeField
            autoFocus
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setMissing(false);
            }}
            error={!!message}
            helperText={message ?? ' '}
          />
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Checking...' : 'Continue'}
          </Button>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TWO_FACTOR_MESSAGES, type TwoFactorSetupDto } from '@souvenir/contracts';
import QRCode from 'qrcode';
import { asApiError } from '../../../../api/api';
import { TwoFactorCodeField } from '../../../auth/components/TwoFactorCodeField';
import { useEnableTwoFactorMutation } from '../../../auth/twoFactorApi';

interface Props {
  setup: TwoFactorSetupDto;
  onEnabled: () => void;
  onCancel: () => void;
}

/** Scan the QR code (or type the key), then prove the app with its code: only then is two-step sign-in on. */
export function TwoFactorSetupPanel({ setup, onEnabled, onCancel }: Props) {
  const [enable, { isLoading }] = useEnableTwoFactorMutation();
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    QRCode.toDataURL(setup.otpauthUrl, { margin: 1, width: 200 }).then(
      (url) => live && setQr(url),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [setup.otpauthUrl]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(TWO_FACTOR_MESSAGES.codeRequired);
    try {
      await enable({ code: code.trim() }).unwrap();
      onEnabled();
    } catch (failure) {
      setError(asApiError(failure)?.serverMessage ?? 'An error occurred');
    }
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label="Set up two-step sign-in">
      <Typography variant="body2">
        1. Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…).
      </Typography>
      {qr && (
        <Box
          component="img"
          src={qr}
          alt="QR code to add Souvenir Swap to your authenticator app"
          sx={{ width: 200, height: 200, alignSelf: 'flex-start', border: 1, borderColor: 'divider' }}
        />
      )}
      <Typography variant="body2">
        Can&apos;t scan it? Enter this key in the app instead:{' '}
        <Box
          component="code"
          data-testid="two-factor-secret"
          sx={{ fontFamily: 'monospace', wordBreak: 'break-all', bgcolor: 'action.hover', px: 0.5 }}
        >
          {setup.secret}
        </Box>
      </Typography>
      <Typography variant="body2">2. Enter the 6-digit code the app shows for Souvenir Swap.</Typography>
      <TwoFactorCodeField
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setError(null);
        }}
        error={!!error}
        helperText={error ?? ' '}
        sx={{ maxWidth: 320 }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {isLoading ? 'Checking...' : 'Turn on'}
        </Button>
        <Button type="button" onClick={onCancel}>
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}

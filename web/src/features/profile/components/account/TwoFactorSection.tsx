import { useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TWO_FACTOR_MESSAGES, type TwoFactorSetupDto } from '@souvenir/contracts';
import { asApiError } from '../../../../api/api';
import { useToast } from '../../../../hooks/useToast';
import { TwoFactorCodeField } from '../../../auth/components/TwoFactorCodeField';
import {
  useGetTwoFactorStatusQuery,
  useRegenerateRecoveryCodesMutation,
  useSetUpTwoFactorMutation,
} from '../../../auth/twoFactorApi';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { TwoFactorDisableForm } from './TwoFactorDisableForm';
import { TwoFactorSetupPanel } from './TwoFactorSetupPanel';

/** Two-step sign-in on the account page: set up with an authenticator app, recovery codes, turning it off. */
export function TwoFactorSection() {
  const status = useGetTwoFactorStatusQuery();
  const [setUp, settingUp] = useSetUpTwoFactorMutation();
  const [regenerate, regenerating] = useRegenerateRecoveryCodesMutation();
  const toast = useToast();
  const [setup, setSetup] = useState<TwoFactorSetupDto | null>(null);
  // Recovery codes exist in the page only until the person says they saved them.
  const [shownCodes, setShownCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  const start = async () => {
    try {
      setSetup(await setUp().unwrap());
    } catch (failure) {
      toast({
        title: 'Could not start the set-up',
        description: asApiError(failure)?.serverMessage ?? 'An error occurred',
        variant: 'error',
      });
    }
  };

  const newCodes = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setCodeError(TWO_FACTOR_MESSAGES.codeRequired);
    try {
      const { recoveryCodes } = await regenerate({ code: code.trim() }).unwrap();
      setCode('');
      setShownCodes(recoveryCodes);
    } catch (failure) {
      setCodeError(asApiError(failure)?.serverMessage ?? 'An error occurred');
    }
  };

  const enabled = status.data?.enabled === true;
  let body: ReactNode;
  if (shownCodes)
    body = (
      <RecoveryCodesPanel
        codes={shownCodes}
        onDone={() => {
          setShownCodes(null);
          void status.refetch();
        }}
      />
    );
  else if (setup)
    body = (
      <TwoFactorSetupPanel
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={() => {
          setShownCodes(setup.recoveryCodes);
          setSetup(null);
          toast({ title: 'Two-step sign-in is on', description: 'Signing in now also asks for a code.' });
        }}
      />
    );
  else if (enabled)
    body = (
      <Stack spacing={3}>
        <Alert severity="success">
          Two-step sign-in is on. {status.data?.recoveryCodesLeft ?? 0} of 10 recovery codes left.
        </Alert>
        <Stack component="form" noValidate spacing={2} onSubmit={newCodes} aria-labelledby="new-codes-title">
          <Typography id="new-codes-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            New recovery codes
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Ten new codes replace the old ones, which stop working.
          </Typography>
          <TwoFactorCodeField
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setCodeError(null);
            }}
            error={!!codeError}
            helperText={codeError ?? ' '}
            sx={{ maxWidth: 320 }}
          />
          <Button type="submit" variant="outlined" disabled={regenerating.isLoading} sx={{ alignSelf: 'flex-start' }}>
            Get new recovery codes
          </Button>
        </Stack>
        <TwoFactorDisableForm onDisabled={() => void status.refetch()} />
      </Stack>
    );
  else
    body = (
      <Stack spacing={2}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Signing in asks for a code from an authenticator app on your phone after your password, so a stolen password
          is not enough. Also needed to change your payout details.
        </Typography>
        <Button
          variant="contained"
          onClick={() => void start()}
          disabled={status.isLoading || settingUp.isLoading}
          sx={{ alignSelf: 'flex-start' }}
        >
          Set up two-step sign-in
        </Button>
      </Stack>
    );

  return (
    <Stack spacing={2} component="section" aria-labelledby="two-factor-title">
      <Typography id="two-factor-title" variant="h6" component="h2">
        Two-step sign-in
      </Typography>
      {body}
    </Stack>
  );
}

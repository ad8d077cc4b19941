import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { asApiError } from '../../../api/api';
import { useToast } from '../../../hooks/useToast';
import { usePasskeySupport } from '../hooks/usePasskeySupport';
import { isPasskeyPromptDismissed, usePasskeyLoginMutation, usePasskeyLoginOptionsMutation } from '../passkeysApi';

/**
 * "Use a passkey" under the password form, where the browser can use passkeys: no username needed. Its name leaves
 * out "Sign in" so that the dialog's one "Sign In" button stays the only one of that name.
 */
export function PasskeySignInButton({ onSignedIn }: { onSignedIn: () => void }) {
  const supported = usePasskeySupport();
  const [loginOptions, asking] = usePasskeyLoginOptionsMutation();
  const [passkeyLogin, checking] = usePasskeyLoginMutation();
  const toast = useToast();
  if (!supported) return null;

  const signIn = async () => {
    let response: unknown;
    try {
      const options = await loginOptions().unwrap();
      response = await startAuthentication({
        optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
      });
    } catch (failure) {
      if (isPasskeyPromptDismissed(failure)) return;
      return toast({
        title: 'Passkey sign-in failed',
        description: asApiError(failure)?.serverMessage ?? 'This browser could not use a passkey',
        variant: 'error',
      });
    }
    try {
      await passkeyLogin({ response }).unwrap();
      toast({ title: 'Login successful', description: 'Welcome back!' });
      onSignedIn();
    } catch (failure) {
      toast({
        title: 'Passkey sign-in failed',
        description: asApiError(failure)?.serverMessage ?? 'An error occurred',
        variant: 'error',
      });
    }
  };

  const busy = asking.isLoading || checking.isLoading;
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Divider>or</Divider>
      <Button variant="outlined" size="large" onClick={() => void signIn()} disabled={busy}>
        {busy ? 'Waiting for your passkey...' : 'Use a passkey'}
      </Button>
    </Stack>
  );
}

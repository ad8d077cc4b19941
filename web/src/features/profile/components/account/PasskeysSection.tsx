import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX } from '@souvenir/contracts';
import { asApiError } from '../../../../api/api';
import { useToast } from '../../../../hooks/useToast';
import { usePasskeySupport } from '../../../auth/hooks/usePasskeySupport';
import {
  isPasskeyPromptDismissed,
  useAddPasskeyMutation,
  useListPasskeysQuery,
  usePasskeyRegistrationOptionsMutation,
} from '../../../auth/passkeysApi';
import { PasskeyRemoveForm } from './PasskeyRemoveForm';

const when = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** Passkeys on the account page: add one from this browser, see each one's use, remove one with the password. */
export function PasskeysSection() {
  const supported = usePasskeySupport();
  const { data: passkeys = [], isLoading, refetch } = useListPasskeysQuery();
  const [registrationOptions, asking] = usePasskeyRegistrationOptionsMutation();
  const [addPasskey, adding] = useAddPasskeyMutation();
  const toast = useToast();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim().length > PASSKEY_NAME_MAX) return setNameError(PASSKEY_MESSAGES.nameTooLong);
    try {
      const options = await registrationOptions().unwrap();
      const response = await startRegistration({
        optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
      });
      await addPasskey({ ...(name.trim() ? { name: name.trim() } : {}), response }).unwrap();
      setName('');
      toast({ title: 'Passkey added', description: 'You can now sign in with it, without your password.' });
    } catch (failure) {
      if (!isPasskeyPromptDismissed(failure))
        toast({
          title: 'Passkey not added',
          description: asApiError(failure)?.serverMessage ?? (failure as Error)?.message ?? 'An error occurred',
          variant: 'error',
        });
    }
    void refetch();
  };

  return (
    <Stack spacing={2} component="section" aria-labelledby="passkeys-title">
      <Typography id="passkeys-title" variant="h6" component="h2">
        Passkeys
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Sign in with your fingerprint, face or device PIN instead of your password. A passkey only works on this site,
        so it cannot be phished, and it counts as two-step sign-in.
      </Typography>
      {isLoading ? <Typography>Loading…</Typography> : null}
      {passkeys.length > 0 ? (
        <List disablePadding aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <ListItem key={passkey.id} divider disableGutters sx={{ display: 'block' }}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                <ListItemText
                  primary={passkey.name}
                  secondary={`Added ${when(passkey.createdAt)} · ${
                    passkey.lastUsedAt ? `last used ${when(passkey.lastUsedAt)}` : 'not used yet'
                  }`}
                />
                {removing === passkey.id ? null : (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setRemoving(passkey.id)}
                    aria-label={`Remove ${passkey.name}`}
                  >
                    Remove
                  </Button>
                )}
              </Stack>
              {removing === passkey.id ? (
                <PasskeyRemoveForm
                  passkey={passkey}
                  onCancel={() => setRemoving(null)}
                  onRemoved={() => {
                    setRemoving(null);
                    void refetch();
                  }}
                />
              ) : null}
            </ListItem>
          ))}
        </List>
      ) : null}
      {supported ? (
        <Stack component="form" noValidate spacing={2} onSubmit={add} aria-label="Add a passkey">
          <TextField
            label="Name (optional)"
            placeholder="e.g. My phone"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(null);
            }}
            error={!!nameError}
            helperText={nameError ?? 'So you can tell your passkeys apart'}
            sx={{ maxWidth: 320 }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={asking.isLoading || adding.isLoading}
            sx={{ alignSelf: 'flex-start' }}
          >
            {asking.isLoading || adding.isLoading ? 'Waiting for your passkey...' : 'Add a passkey'}
          </Button>
        </Stack>
      ) : (
        <Typography variant="body2">This browser cannot create passkeys.</Typography>
      )}
    </Stack>
  );
}

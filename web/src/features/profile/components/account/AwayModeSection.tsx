import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BeachAccessOutlined from '@mui/icons-material/BeachAccessOutlined';
import { AWAY_LIMITS, AWAY_MESSAGES, formatAwayDate } from '@souvenir/contracts';
import { useState, type FormEvent } from 'react';
import { asApiError } from '../../../../api/api';
import { useToast } from '../../../../hooks/useToast';
import { useEndAwayMutation, useGetMyAwayQuery, useSetAwayMutation } from '../../awayApi';

const DAY_MS = 86_400_000;
/** `YYYY-MM-DD`, `days` from today (UTC, as the server counts). */
const dateIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/**
 * Account settings: away mode. The seller picks the date they are back and an optional automatic reply; before it is
 * turned on, the notice says what it does and that orders already paid keep their deadlines. "I'm back" ends it early.
 */
export function AwayModeSection() {
  const { data: away, isLoading, isError } = useGetMyAwayQuery();
  const [setAway, setting] = useSetAwayMutation();
  const [endAway, ending] = useEndAwayMutation();
  const toast = useToast();
  const [until, setUntil] = useState('');
  const [message, setMessage] = useState('');
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);

  const turnOn = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    if (!until) return setFieldError({ field: 'until', message: AWAY_MESSAGES.untilRequired });
    try {
      const on = await setAway({ until, message: message.trim() || null }).unwrap();
      toast({ title: 'Away mode is on', description: `Your items show “Away until ${formatAwayDate(on.until!)}”.` });
    } catch (failure) {
      const error = asApiError(failure);
      const errors = (error?.data as { errors?: { field: string; message: string }[] } | undefined)?.errors;
      setFieldError(errors?.[0] ?? { field: 'form', message: error?.serverMessage ?? 'Away mode could not be saved' });
    }
  };

  const back = async () => {
    try {
      await endAway().unwrap();
      toast({ title: 'Welcome back', description: 'Your items can be bought again.' });
      setUntil('');
      setMessage('');
    } catch (failure) {
      toast({ title: 'Could not end away mode', description: asApiError(failure)?.serverMessage, variant: 'error' });
    }
  };

  return (
    <Stack spacing={2} component="section" aria-labelledby="away-mode-heading" id="away-mode">
      <Typography variant="h6" component="h2" id="away-mode-heading">
        Away mode
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Going on holiday? Your items stay listed but show “Away until …” and can’t be bought until you’re back, and
        people who message you get your away message as an automatic reply, once a day per conversation. Away mode ends
        by itself on the date you choose.
      </Typography>
      {isLoading ? (
        <Skeleton variant="rounded" height={120} />
      ) : isError ? (
        <Alert severity="error">Could not load your away mode</Alert>
      ) : away?.until ? (
        <Alert
          severity="info"
          icon={<BeachAccessOutlined />}
          role="status"
          action={
            <Button color="inherit" onClick={() => void back()} disabled={ending.isLoading}>
              I’m back
            </Button>
          }
        >
          <AlertTitle>You’re away until {formatAwayDate(away.until)}</AlertTitle>
          {away.message ? (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
              Automatic reply: {away.message}
            </Typography>
          ) : (
            <Typography variant="body2">People who write to you are told when you’re back.</Typography>
          )}
        </Alert>
      ) : (
        <Stack component="form" spacing={2} onSubmit={(e) => void turnOn(e)} noValidate>
          <TextField
            type="date"
            label="I’m back on"
            value={until}
            onChange={(e) => setUntil(e.target.value)}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: dateIn(1), max: dateIn(AWAY_LIMITS.maxDays) },
            }}
            error={fieldError?.field === 'until'}
            helperText={
              fieldError?.field === 'until'
                ? fieldError.message
                : `Up to ${AWAY_LIMITS.maxDays} days ahead. Your items can be bought again from this date.`
            }
            sx={{ maxWidth: 280 }}
            required
          />
          <TextField
            label="Away message (optional)"
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: AWAY_LIMITS.messageMax } }}
            error={fieldError?.field === 'message'}
            helperText={
              fieldError?.field === 'message'
                ? fieldError.message
                : `${message.length}/${AWAY_LIMITS.messageMax}. Sent as an automatic reply to people who message you.`
            }
          />
          <Alert severity="warning">
            <AlertTitle>Before you go</AlertTitle>
            {AWAY_MESSAGES.paidOrdersKeepDeadlines} Nobody can buy your items until you’re back.
          </Alert>
          {fieldError?.field === 'form' && <Alert severity="error">{fieldError.message}</Alert>}
          <Stack direction="row">
            <Button type="submit" variant="contained" disabled={setting.isLoading} startIcon={<BeachAccessOutlined />}>
              Turn on away mode
            </Button>
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}

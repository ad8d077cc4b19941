import { useEffect, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  NOTIFICATION_SETTING_KINDS,
  type ChannelChoice,
  type DigestChoice,
  type NotificationChannel,
  type NotificationSettingKind,
  type NotificationSettingsDto,
} from '@souvenir/contracts';
import { asApiError } from '../../../../api/api';
import { useToast } from '../../../../hooks/useToast';
import { NOTIFICATION_KIND_LABELS } from '../../notificationKinds';
import { useGetNotificationSettingsQuery, useSaveNotificationSettingsMutation } from '../../notificationSettingsApi';

const CHANNELS: { channel: NotificationChannel; label: string }[] = [
  { channel: 'inApp', label: 'In the app' },
  { channel: 'email', label: 'E-mail' },
];

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const zones = () => {
  const all = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return all.includes('UTC') ? all : ['UTC', ...all];
};

interface Draft {
  kinds: Record<NotificationSettingKind, ChannelChoice>;
  quiet: boolean;
  start: string;
  end: string;
  timeZone: string;
  digest: DigestChoice;
}

const toDraft = (s: NotificationSettingsDto): Draft => ({
  kinds: s.kinds,
  quiet: s.quietHours !== null,
  start: s.quietHours?.start ?? '22:00',
  end: s.quietHours?.end ?? '08:00',
  timeZone: s.quietHours?.timeZone ?? browserZone(),
  digest: s.digest,
});

/** Which notifications arrive in the app and by e-mail, quiet hours for e-mail, and the messages digest. */
export function NotificationSettingsSection() {
  const { data, isLoading, isError } = useGetNotificationSettingsQuery();
  const [save, { isLoading: saving }] = useSaveNotificationSettingsMutation();
  const toast = useToast();
  const [draft, setDraft] = useState<Draft | null>(null);
  const timeZones = useMemo(zones, []);

  useEffect(() => {
    if (data) setDraft(toDraft(data));
  }, [data]);

  const heading = (
    <Typography id="notification-settings-title" variant="h6" component="h2">
      Notifications
    </Typography>
  );
  if (isError)
    return (
      <Stack spacing={2} aria-labelledby="notification-settings-title" component="section" id="notifications">
        {heading}
        <Typography color="error">Your notification settings could not be loaded.</Typography>
      </Stack>
    );
  if (isLoading || !data || !draft)
    return (
      <Stack spacing={1} aria-labelledby="notification-settings-title" component="section" id="notifications" aria-busy>
        {heading}
        {NOTIFICATION_SETTING_KINDS.map((kind) => (
          <Skeleton key={kind} variant="rounded" height={36} />
        ))}
      </Stack>
    );

  const locked = (kind: NotificationSettingKind, channel: NotificationChannel) =>
    data.locked[kind]?.includes(channel) ?? false;
  const toggle = (kind: NotificationSettingKind, channel: NotificationChannel, on: boolean) =>
    setDraft({ ...draft, kinds: { ...draft.kinds, [kind]: { ...draft.kinds[kind], [channel]: on } } });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await save({
        kinds: draft.kinds,
        quietHours: draft.quiet ? { start: draft.start, end: draft.end, timeZone: draft.timeZone } : null,
        digest: draft.digest,
      }).unwrap();
      toast({ title: 'Notification settings saved' });
    } catch (error) {
      toast({
        title: 'Notification settings not saved',
        description: asApiError(error)?.serverMessage ?? 'An error occurred',
        variant: 'error',
      });
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      onSubmit={submit}
      aria-labelledby="notification-settings-title"
      id="notifications"
    >
      {heading}
      <Table size="small" aria-labelledby="notification-settings-title">
        <TableHead>
          <TableRow>
            <TableCell scope="col">What</TableCell>
            {CHANNELS.map(({ channel, label }) => (
              <TableCell key={channel} scope="col" align="center" sx={{ width: { xs: 72, sm: 120 } }}>
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {NOTIFICATION_SETTING_KINDS.map((kind) => {
            const anyLocked = CHANNELS.some(({ channel }) => locked(kind, channel));
            return (
              <TableRow key={kind}>
                <TableCell component="th" scope="row" sx={{ px: { xs: 1, sm: 2 } }}>
                  <Typography variant="body2">{NOTIFICATION_KIND_LABELS[kind]}</Typography>
                  {anyLocked && (
                    <Typography id={`locked-${kind}`} variant="caption" color="text.secondary">
                      {kind === 'orders' ? 'Order e-mails are always sent' : 'Always on, to keep your account safe'}
                    </Typography>
                  )}
                </TableCell>
                {CHANNELS.map(({ channel, label }) => (
                  <TableCell key={channel} align="center" sx={{ px: { xs: 0, sm: 2 } }}>
                    <Switch
                      checked={locked(kind, channel) || draft.kinds[kind][channel]}
                      disabled={locked(kind, channel)}
                      onChange={(e) => toggle(kind, channel, e.target.checked)}
                      slotProps={{
                        input: {
                          'aria-label': `${NOTIFICATION_KIND_LABELS[kind]}: ${label}`,
                          ...(locked(kind, channel) ? { 'aria-describedby': `locked-${kind}` } : {}),
                        },
                      }}
                    />
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>

      <Stack spacing={1.5}>
        <FormControlLabel
          control={<Switch checked={draft.quiet} onChange={(e) => setDraft({ ...draft, quiet: e.target.checked })} />}
          label="Quiet hours for e-mail"
        />
        <Typography variant="body2" color="text.secondary">
          E-mails that can wait arrive when your quiet hours end. Security and order e-mails are never held.
        </Typography>
        {draft.quiet && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="From"
              type="time"
              value={draft.start}
              onChange={(e) => setDraft({ ...draft, start: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="Until"
              type="time"
              value={draft.end}
              onChange={(e) => setDraft({ ...draft, end: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              select
              label="Time zone"
              value={draft.timeZone}
              onChange={(e) => setDraft({ ...draft, timeZone: e.target.value })}
              sx={{ minWidth: 220 }}
            >
              {(timeZones.includes(draft.timeZone) ? timeZones : [draft.timeZone, ...timeZones]).map((zone) => (
                <MenuItem key={zone} value={zone}>
                  {zone}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        )}
      </Stack>

      <FormControl>
        <FormLabel id="digest-label">Message e-mails</FormLabel>
        <RadioGroup
          aria-labelledby="digest-label"
          value={draft.digest}
          onChange={(e) => setDraft({ ...draft, digest: e.target.value as DigestChoice })}
        >
          <FormControlLabel value="off" control={<Radio />} label="One e-mail per message" />
          <FormControlLabel value="daily" control={<Radio />} label="One e-mail a day with all new messages" />
        </RadioGroup>
      </FormControl>

      <Button type="submit" variant="contained" disabled={saving} sx={{ alignSelf: 'flex-start' }}>
        {saving ? 'Saving...' : 'Save notification settings'}
      </Button>
    </Stack>
  );
}

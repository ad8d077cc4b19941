import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { useState } from 'react';
import { asApiError } from '../../../../api/api';
import { dataExportUrl, useLatestDataExportQuery, useRequestDataExportMutation } from '../../dataExportApi';

/** While an archive is being prepared, asked again this often (the bell and the mail also say when it is ready). */
const PREPARING_POLL_MS = 5000;

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Account settings: a copy of everything the site keeps about the person, as one zip. */
export function DownloadMyDataSection() {
  const [pollingInterval, setPollingInterval] = useState(0);
  const { data: latest, isLoading } = useLatestDataExportQuery(undefined, { pollingInterval });
  const [requestExport, requesting] = useRequestDataExportMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const preparing = latest?.status === 'pending';
  const ready = latest?.status === 'ready' && latest.expiresAt && new Date(latest.expiresAt) > new Date();
  const wantedInterval = preparing ? PREPARING_POLL_MS : 0;
  if (pollingInterval !== wantedInterval) setPollingInterval(wantedInterval);

  const request = async () => {
    setRefusal(null);
    try {
      await requestExport().unwrap();
    } catch (failure) {
      setRefusal(asApiError(failure)?.serverMessage ?? 'Your data could not be requested. Please try again.');
    }
  };

  return (
    <Stack spacing={2} component="section" aria-labelledby="download-data-title">
      <Typography id="download-data-title" variant="h6" component="h2">
        Download my data
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        One zip file with your profile, listings, favourites, messages, orders, reviews, notifications and photos. We
        prepare it in the background and tell you, here and by e-mail, when it is ready; the link works for 7 days.
      </Typography>
      {preparing ? (
        <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center' }}>
          <CircularProgress size={20} aria-hidden />
          <Typography>Preparing your data…</Typography>
        </Stack>
      ) : null}
      {ready && latest ? (
        <Alert severity="success" role="status" icon={<DownloadOutlined />}>
          <Link href={dataExportUrl(latest.id)} download sx={{ fontWeight: 600 }}>
            Download your data (zip)
          </Link>
          <Typography variant="body2">Available until {when(latest.expiresAt!)}</Typography>
        </Alert>
      ) : null}
      {latest?.status === 'failed' ? (
        <Alert severity="error">Your last copy could not be prepared. Please ask again.</Alert>
      ) : null}
      {refusal ? (
        <Alert severity="warning" role="alert">
          {refusal}
        </Alert>
      ) : null}
      <div>
        <Button
          variant={ready ? 'outlined' : 'contained'}
          onClick={() => void request()}
          disabled={isLoading || preparing || requesting.isLoading}
        >
          {ready ? 'Prepare a new copy' : 'Download my data'}
        </Button>
      </div>
    </Stack>
  );
}

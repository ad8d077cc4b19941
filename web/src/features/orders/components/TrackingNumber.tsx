import Link from '@mui/material/Link';
import visuallyHidden from '@mui/utils/visuallyHidden';
import Box from '@mui/material/Box';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import { trackingUrl } from '@souvenir/contracts';

interface Props {
  carrier: string;
  trackingNumber: string | null;
}

/**
 * An order's tracking number: a link to the carrier's own tracking page when the carrier is one we know (a new tab,
 * without giving that page a handle on ours), plain text otherwise.
 */
export function TrackingNumber({ carrier, trackingNumber }: Props) {
  if (!trackingNumber) return <>None given</>;
  const url = trackingUrl(carrier, trackingNumber);
  if (!url) return <>{trackingNumber}</>;
  return (
    <Link
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      {trackingNumber}
      <OpenInNewRounded sx={{ fontSize: '1rem' }} aria-hidden />
      <Box component="span" sx={visuallyHidden}>
        {' (track the parcel on the carrier’s site, opens in a new tab)'}
      </Box>
    </Link>
  );
}

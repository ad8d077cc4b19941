import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TrackRecordDto } from '@souvenir/contracts';
import { useGetTrackRecordQuery } from '../../../api/usersApi';

/** "1.5 hours", "2.3 days": the average time to ship, in the unit a buyer reads best. */
export function shipTime(hours: number): string {
  if (hours < 1) return 'under an hour';
  if (hours < 48) return `${hours.toFixed(hours < 10 ? 1 : 0)} hours`;
  return `${(hours / 24).toFixed(1)} days`;
}

const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`);

/** The figures, computed by payments from the seller's orders (never typed in). */
export function trackRecordFacts(record: TrackRecordDto): { value: string; label: string }[] {
  return [
    { value: String(record.salesCompleted), label: record.salesCompleted === 1 ? 'sale completed' : 'sales completed' },
    {
      value: record.averageHoursToShip === null ? '–' : shipTime(record.averageHoursToShip),
      label: 'average time to ship',
    },
    { value: percent(record.cancelledUnshippedShare), label: 'cancelled without shipping' },
    { value: percent(record.refundedAfterClaimShare), label: 'refunded after a claim' },
  ];
}

/** The seller's track record on their profile; nothing while it loads or when it cannot be read. */
export function TrackRecord({ userId }: { userId: string }) {
  const { data } = useGetTrackRecordQuery(userId);
  if (!data) return null;
  return (
    <Box component="section" aria-label="Track record" sx={{ mt: 2.5, pt: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="overline" sx={{ color: 'text.secondary' }}>
        Track record
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 4, rowGap: 1, mt: 0.5 }}>
        {trackRecordFacts(data).map(({ value, label }) => (
          <Box key={label}>
            <Typography component="span" sx={{ fontWeight: 800 }}>
              {value}
            </Typography>{' '}
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
          </Box>
        ))}
      </Stack>
      {data.ordersClosed > 0 && (
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 0.5 }}>
          Shares of {data.ordersClosed} closed {data.ordersClosed === 1 ? 'order' : 'orders'}.
        </Typography>
      )}
    </Box>
  );
}

import Chip from '@mui/material/Chip';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import type { SxProps, Theme } from '@mui/material/styles';
import { isReservedNow } from '../utils/time';

/**
 * "Reserved" on a card: the seller holds the item for one buyer (until when is on its page). Nothing once the
 * reservation's time has passed, even on a card kept a little longer.
 */
export function ReservedChip({ reservedUntil, sx }: { reservedUntil: string | undefined; sx?: SxProps<Theme> }) {
  if (!isReservedNow(reservedUntil)) return null;
  return (
    <Chip
      size="small"
      icon={<EventAvailableOutlined />}
      label="Reserved"
      data-testid="reserved-chip"
      sx={{
        fontWeight: 700,
        bgcolor: 'secondary.dark',
        color: 'common.white',
        '& .MuiChip-icon': { color: 'inherit' },
        ...sx,
      }}
    />
  );
}

import Chip from '@mui/material/Chip';
import VerifiedRounded from '@mui/icons-material/VerifiedRounded';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import type { SxProps, Theme } from '@mui/material/styles';
import { tintSx } from '../app/theme';

/** Customs status: 'Verified' when the seller declared it cleared customs, otherwise 'Pending'. */
export function CustomsChip({ verified, sx }: { verified: boolean; sx?: SxProps<Theme> }) {
  return verified ? (
    <Chip
      size="small"
      icon={<VerifiedRounded />}
      label="Verified"
      sx={{ bgcolor: 'secondary.main', color: 'common.white', '& .MuiChip-icon': { color: 'common.white' }, ...sx }}
    />
  ) : (
    <Chip
      size="small"
      icon={<ScheduleRounded />}
      label="Pending"
      sx={{ ...tintSx('pending'), '& .MuiChip-icon': { color: 'tint.pending.icon' }, ...sx }}
    />
  );
}

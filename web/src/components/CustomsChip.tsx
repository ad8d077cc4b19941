import Chip from '@mui/material/Chip';
import VerifiedRounded from '@mui/icons-material/VerifiedRounded';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import type { SxProps, Theme } from '@mui/material/styles';

/** Customs status: 'Verified' when the seller declared it cleared customs, otherwise 'Pending'. */
export function CustomsChip({ verified, sx }: { verified: boolean; sx?: SxProps<Theme> }) {
  return verified ? (
    <Chip
      size="small"
      icon={<VerifiedRounded />}
      label="Verified"
      sx={{ bgcolor: '#1F6F78', color: '#fff', '& .MuiChip-icon': { color: '#fff' }, ...sx }}
    />
  ) : (
    <Chip
      size="small"
      icon={<ScheduleRounded />}
      label="Pending"
      sx={{ bgcolor: '#FFF4E0', color: '#8A5A00', '& .MuiChip-icon': { color: '#B07400' }, ...sx }}
    />
  );
}

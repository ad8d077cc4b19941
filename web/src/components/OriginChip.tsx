import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import type { OriginLevel } from '@souvenir/contracts';
import { tintSx } from '../app/theme';
import visuallyHidden from '@mui/utils/visuallyHidden';

const SHOWN = {
  documented: { label: 'Documented', icon: <ReceiptLongOutlined />, tint: 'moving' },
  checked: { label: 'Checked', icon: <FactCheckOutlined />, tint: 'done' },
} as const;

/**
 * A product card's origin level beside the spec's Verified/Pending chip, only where a document backs it:
 * Documented or Checked. Self-declared is what the Verified chip already says, so it adds nothing here. Screen readers
 * hear "Origin: Documented"; the card shows the level's word alone, to fit beside the Verified chip on a phone.
 */
export function OriginChip({ level }: { level: OriginLevel | null }) {
  if (level !== 'documented' && level !== 'checked') return null;
  const shown = SHOWN[level];
  return (
    <Chip
      size="small"
      icon={shown.icon}
      label={
        <>
          <Box component="span" sx={visuallyHidden}>
            Origin:{' '}
          </Box>
          {shown.label}
        </>
      }
      data-testid="card-origin-chip"
      sx={{ ...tintSx(shown.tint), '& .MuiChip-icon': { color: 'inherit' } }}
    />
  );
}

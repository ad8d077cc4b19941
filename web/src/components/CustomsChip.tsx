import Chip from '@mui/material/Chip';
import AssignmentTurnedInOutlined from '@mui/icons-material/AssignmentTurnedInOutlined';
import type { SxProps, Theme } from '@mui/material/styles';
import { tintSx } from '../app/theme';

/** What the seller's customs checkbox says, in words that cannot be taken for the Verified seller badge. */
export const CUSTOMS_DECLARED = 'Customs declared by seller';

/**
 * The seller's own customs declaration (the listing's checkbox): named apart from the Verified seller badge, which is
 * earned, and shown only when declared. Nothing is pending when a seller did not tick it, so no chip says so.
 */
export function CustomsChip({ verified, sx }: { verified: boolean; sx?: SxProps<Theme> }) {
  if (!verified) return null;
  return (
    <Chip
      size="small"
      icon={<AssignmentTurnedInOutlined />}
      label={CUSTOMS_DECLARED}
      data-testid="customs-declared-chip"
      // A narrow list photo wraps the words rather than cutting them off.
      sx={{
        ...tintSx('neutral'),
        maxWidth: '100%',
        height: 'auto',
        minHeight: 24,
        '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
        '& .MuiChip-icon': { color: 'inherit' },
        ...sx,
      }}
    />
  );
}

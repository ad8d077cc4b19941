import Chip from '@mui/material/Chip';
import { tintSx } from '../../../app/theme';
import type { Tone } from '../payoutText';

/** A status chip in one of the payout tones. */
export function ToneChip({ label, tone, size = 'small' }: { label: string; tone: Tone; size?: 'small' | 'medium' }) {
  return <Chip label={label} size={size} sx={{ fontWeight: 700, ...tintSx(tone) }} />;
}

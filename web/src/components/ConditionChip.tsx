import Chip from '@mui/material/Chip';
import type { SxProps, Theme } from '@mui/material/styles';

const styles: Record<string, { label: string; bg: string; fg: string }> = {
  new: { label: 'New', bg: '#DDF3E4', fg: '#1E6B3C' },
  'like-new': { label: 'Like New', bg: '#DCEBFB', fg: '#1F5A9E' },
  good: { label: 'Good', bg: '#FDF1C9', fg: '#8A6200' },
};

/** Condition badge: new green, like-new blue, good yellow, anything else grey. */
export function ConditionChip({ condition, sx }: { condition: string; sx?: SxProps<Theme> }) {
  const style = styles[condition] ?? { label: condition, bg: '#ECECEC', fg: '#555' };
  return <Chip size="small" label={style.label} sx={{ bgcolor: style.bg, color: style.fg, ...sx }} />;
}

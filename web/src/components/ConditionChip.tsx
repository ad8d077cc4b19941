import Chip from '@mui/material/Chip';
import type { SxProps, Theme } from '@mui/material/styles';
import { tintSx, type TintName } from '../app/theme';

const styles: Record<string, { label: string; tint: TintName }> = {
  new: { label: 'New', tint: 'new' },
  'like-new': { label: 'Like New', tint: 'likeNew' },
  good: { label: 'Good', tint: 'good' },
};

/** Condition badge: new green, like-new blue, good yellow, anything else grey. */
export function ConditionChip({ condition, sx }: { condition: string; sx?: SxProps<Theme> }) {
  const style = styles[condition] ?? { label: condition, tint: 'unknown' };
  return <Chip size="small" label={style.label} sx={{ ...tintSx(style.tint), ...sx }} />;
}

import Chip from '@mui/material/Chip';
import type { OrderStatus } from '@souvenir/contracts';
import { tintSx } from '../../../app/theme';
import { STATUS_LABELS } from '../orderText';

export function OrderStatusChip({ status, size = 'small' }: { status: OrderStatus; size?: 'small' | 'medium' }) {
  const { label, tone } = STATUS_LABELS[status] ?? { label: status, tone: 'neutral' };
  return <Chip label={label} size={size} sx={{ fontWeight: 700, ...tintSx(tone) }} />;
}

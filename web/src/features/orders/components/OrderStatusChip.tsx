import Chip from '@mui/material/Chip';
import type { OrderStatus } from '@souvenir/contracts';
import { STATUS_LABELS, type StatusTone } from '../orderText';

const TONES: Record<StatusTone, { bgcolor: string; color: string }> = {
  neutral: { bgcolor: '#EFEAE4', color: '#4A4038' },
  action: { bgcolor: '#FBE3D8', color: '#8A3416' },
  moving: { bgcolor: '#DDEFF1', color: '#14515A' },
  done: { bgcolor: '#DFF1E3', color: '#1E5E2E' },
  problem: { bgcolor: '#FCE4E4', color: '#9A1C1C' },
};

export function OrderStatusChip({ status, size = 'small' }: { status: OrderStatus; size?: 'small' | 'medium' }) {
  const { label, tone } = STATUS_LABELS[status] ?? { label: status, tone: 'neutral' };
  return <Chip label={label} size={size} sx={{ fontWeight: 700, ...TONES[tone] }} />;
}

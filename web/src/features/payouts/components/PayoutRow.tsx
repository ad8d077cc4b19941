import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PayoutDto } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '../../../utils/money';
import { dayMonth, PAYOUT_STATUS } from '../payoutText';
import { ToneChip } from './ToneChip';

/** One payout: the order it pays (linked), its status, what reaches the seller and the fee. */
export function PayoutRow({ payout }: { payout: PayoutDto }) {
  const status = PAYOUT_STATUS[payout.status] ?? { label: payout.status, tone: 'neutral' as const };
  const when = payout.paidAt ? `Paid ${dayMonth(payout.paidAt)}` : `Order completed ${dayMonth(payout.createdAt)}`;
  return (
    <Card component="li" sx={{ listStyle: 'none', p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={`/orders/${payout.order.id}`}
            sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
          >
            {payout.order.productTitle}
          </Link>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {when} · sold for {formatMoney(payout.order.amount)}
          </Typography>
        </Box>
        <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
          <Typography sx={{ fontWeight: 800 }}>{formatMoney(payout.amount)}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            fee {formatMoney(payout.fee)}
          </Typography>
        </Box>
      </Stack>
      <Box sx={{ mt: 1 }}>
        <ToneChip label={status.label} tone={status.tone} />
      </Box>
      {payout.failureMessage && (
        <Typography variant="body2" sx={{ mt: 1, color: 'tint.problem.fg' }}>
          {payout.failureMessage}
        </Typography>
      )}
    </Card>
  );
}

/** The shape of rows while the first page loads. */
export function PayoutRowSkeleton() {
  return (
    <Card component="li" sx={{ listStyle: 'none', p: 2 }} aria-hidden>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Box sx={{ flex: 1 }}>
          <Skeleton width="55%" height={26} />
          <Skeleton width="35%" />
        </Box>
        <Skeleton width={70} height={26} />
      </Stack>
      <Skeleton variant="rounded" width={90} height={24} sx={{ mt: 1 }} />
    </Card>
  );
}

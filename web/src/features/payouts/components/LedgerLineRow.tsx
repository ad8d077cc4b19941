import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LEDGER_LINE_LABELS, type LedgerLineDto } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '../../../utils/money';
import { BALANCE_LABELS, lineBalance, signedMoney, type BalanceName } from '../ledgerText';
import { dayMonth, PAYOUT_STATUS } from '../payoutText';
import { ToneChip } from './ToneChip';

const BALANCES: BalanceName[] = ['held', 'available', 'paidOut'];

/**
 * One money line: what happened (sale held, released, fee, refunded, paid out...), the item it belongs to, its
 * signed amount, and the three balances right after it (the running balance of the ledger).
 */
export function LedgerLineRow({ line }: { line: LedgerLineDto }) {
  const balance = lineBalance(line);
  const amount = line.change[balance];
  const payout = line.payout && (PAYOUT_STATUS[line.payout.status] ?? { label: line.payout.status, tone: 'neutral' });
  return (
    <Card component="li" sx={{ listStyle: 'none', p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700 }}>{LEDGER_LINE_LABELS[line.kind] ?? line.kind}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {dayMonth(line.at)} ·{' '}
            <Link component={RouterLink} to={`/orders/${line.order.id}`}>
              {line.order.productTitle}
            </Link>
          </Typography>
        </Box>
        <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
          <Typography sx={{ fontWeight: 800 }}>{signedMoney(amount)}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {BALANCE_LABELS[balance]}
          </Typography>
        </Box>
      </Stack>
      <Box
        sx={{
          mt: 1,
          display: 'flex',
          flexWrap: 'wrap',
          columnGap: 2,
          rowGap: 0.25,
          typography: 'body2',
          color: 'text.secondary',
        }}
      >
        <span>Balance after</span>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'flex',
            flexWrap: 'wrap',
            columnGap: 2,
            '& dt': { m: 0 },
            '& dd': { m: 0, ml: 0.5, fontWeight: 600, color: 'text.primary' },
          }}
        >
          {BALANCES.map((name) => (
            <Box key={name} sx={{ display: 'flex' }}>
              <dt>{BALANCE_LABELS[name]}</dt>
              <dd>{formatMoney(line.balanceAfter[name])}</dd>
            </Box>
          ))}
        </Box>
      </Box>
      {payout && (
        <Box sx={{ mt: 1 }}>
          <ToneChip label={payout.label} tone={payout.tone} />
        </Box>
      )}
      {line.payout?.failureMessage && (
        <Typography variant="body2" sx={{ mt: 1, color: 'tint.problem.fg' }}>
          {line.payout.failureMessage}
        </Typography>
      )}
    </Card>
  );
}

/** The shape of rows while the first page loads. */
export function LedgerLineSkeleton() {
  return (
    <Card component="li" sx={{ listStyle: 'none', p: 2 }} aria-hidden>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Box sx={{ flex: 1 }}>
          <Skeleton width="35%" height={26} />
          <Skeleton width="55%" />
        </Box>
        <Skeleton width={70} height={26} />
      </Stack>
      <Skeleton width="70%" sx={{ mt: 1 }} />
    </Card>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import type { PayoutAccountDto } from '@souvenir/contracts';
import { ACCOUNT_STATUS } from '../payoutText';
import { ToneChip } from './ToneChip';

interface Props {
  account: PayoutAccountDto | undefined;
  isLoading: boolean;
  error: string | undefined;
  /** Asks for an onboarding link and goes there. */
  onSetUp: () => void;
  busy: boolean;
}

/** The seller's payout account: its status, what Stripe still needs, the bank, and the way to (continue to) set it up. */
export function PayoutAccountCard({ account, isLoading, error, onSetUp, busy }: Props) {
  const status = account ? ACCOUNT_STATUS[account.status] : undefined;
  const action =
    account?.status === 'not_set_up'
      ? 'Get paid'
      : account?.status === 'pending' || account?.status === 'restricted'
        ? 'Continue setup'
        : null;
  return (
    <Card component="section" aria-labelledby="payout-account-title" aria-busy={isLoading} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography id="payout-account-title" variant="h6" component="h2">
          Payout account
        </Typography>
        {status && <ToneChip label={status.label} tone={status.tone} />}
      </Stack>
      {error ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      ) : isLoading || !account || !status ? (
        <Box aria-hidden>
          <Skeleton width="90%" sx={{ mt: 1.5 }} />
          <Skeleton width="70%" />
          <Skeleton variant="rounded" width={140} height={42} sx={{ mt: 2 }} />
        </Box>
      ) : (
        <>
          <Typography sx={{ color: 'text.secondary', mt: 1.5 }}>{status.sentence}</Typography>
          {account.requirementsDue.length > 0 && (
            <Box sx={{ mt: 2 }}>
              <Typography id="requirements-title" component="h3" sx={{ fontWeight: 700 }}>
                Stripe still needs
              </Typography>
              <Box component="ul" aria-labelledby="requirements-title" sx={{ mt: 0.5, mb: 0, pl: 3 }}>
                {account.requirementsDue.map((requirement) => (
                  <li key={requirement}>
                    <Typography>{requirement}</Typography>
                  </li>
                ))}
              </Box>
            </Box>
          )}
          {account.bankLast4 && (
            <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center' }}>
              <AccountBalanceOutlined sx={{ color: 'text.secondary' }} aria-hidden />
              <Typography>
                Bank account{' '}
                <Box component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  •••• {account.bankLast4}
                </Box>
              </Typography>
            </Stack>
          )}
          {action && (
            <Button
              variant="contained"
              size="large"
              onClick={onSetUp}
              disabled={busy}
              endIcon={<OpenInNewRounded aria-hidden />}
              sx={{ mt: 2.5, width: { xs: '100%', sm: 'auto' } }}
            >
              {busy ? 'Opening...' : action}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded';
import VerifiedRounded from '@mui/icons-material/VerifiedRounded';
import { Link as RouterLink } from 'react-router';
import { useGetPayoutAccountQuery } from '../../../api/payoutsApi';
import { useGetTrackRecordQuery } from '../../../api/usersApi';

interface Step {
  done: boolean;
  title: string;
  detail: string;
  action?: { label: string; to: string };
}

/**
 * How a seller earns the Verified seller badge, shown to them alone until they have it: the two facts the
 * badge follows (identity's `isVerifiedBy`), each ticked when done. The badge is earned, never asked for.
 */
export function VerifiedSellerSteps({ userId, onPayouts = false }: { userId: string; onPayouts?: boolean }) {
  const account = useGetPayoutAccountQuery();
  const record = useGetTrackRecordQuery(userId);
  const loading = account.isLoading || record.isLoading;
  const steps: Step[] = [
    {
      done: account.data?.status === 'active',
      title: 'Set up payouts',
      detail: 'Our payment provider checks your identity and your bank account.',
      action: onPayouts ? undefined : { label: 'Set up payouts', to: '/profile/payouts' },
    },
    {
      done: (record.data?.salesCompleted ?? 0) > 0,
      title: 'Complete a sale',
      detail: 'The buyer receives the item and the order completes without a refunded claim.',
    },
  ];
  return (
    <Card
      component="section"
      aria-labelledby="verified-steps-heading"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 2.5 } }}
      data-testid="verified-seller-steps"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <VerifiedRounded sx={{ color: 'secondary.main' }} aria-hidden />
        <Typography id="verified-steps-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          How to become a Verified seller
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 1.5 }}>
        Buyers see the Verified seller badge on your profile and listings once both steps are done.
      </Typography>
      <Stack component="ol" spacing={1.25} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {steps.map((step) => (
          <Stack component="li" key={step.title} direction="row" spacing={1.25} sx={{ alignItems: 'flex-start' }}>
            {loading ? (
              <Skeleton variant="circular" width={22} height={22} />
            ) : step.done ? (
              <CheckCircleRounded sx={{ color: 'success.main', fontSize: 22 }} titleAccess="Done" />
            ) : (
              <RadioButtonUncheckedRounded sx={{ color: 'text.secondary', fontSize: 22 }} titleAccess="To do" />
            )}
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {step.title}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {step.detail}
              </Typography>
            </Box>
            {step.action && !step.done && !loading && (
              <Button component={RouterLink} to={step.action.to} size="small" variant="outlined">
                {step.action.label}
              </Button>
            )}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { asApiError } from '../../../api/api';
import {
  LEDGER_CSV_URL,
  useGetLedgerInfiniteQuery,
  useGetPayoutAccountQuery,
  useStartPayoutOnboardingMutation,
} from '../../../api/payoutsApi';
import { EmptyState } from '../../../components/EmptyState';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { PageLoader } from '../../../components/PageLoader';
import { useToast } from '../../../hooks/useToast';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { SignInRequired } from '../../orders/components/SignInRequired';
import { PayoutAccountCard } from '../components/PayoutAccountCard';
import { VerifiedSellerSteps } from '../../profile/components/VerifiedSellerSteps';
import { PayoutBalance } from '../components/PayoutBalance';
import { PayoutCodeDialog } from '../components/PayoutCodeDialog';
import { LedgerLineRow, LedgerLineSkeleton } from '../components/LedgerLineRow';
import { useOnPageRestore } from '../hooks/useOnPageRestore';

/**
 * /profile/payouts: the seller's payout account, balances and ledger (every money line, downloadable as CSV). The provider's onboarding sends the seller back
 * here with `?onboarding=return` (details given: load the account anew) or `?onboarding=refresh` (the link expired).
 */
export default function PayoutsPage() {
  const { user, isLoading: userLoading } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const toast = useToast();
  const skip = !user;
  // Back from the provider, the account may still be pending for a moment while the provider checks the details
  // (it tells payments by webhook): it is asked again every few seconds for a while.
  const [watching, setWatching] = useState(false);
  // Orders complete and payouts land while the page is closed: both are loaded anew each time it opens.
  const account = useGetPayoutAccountQuery(undefined, {
    skip,
    refetchOnMountOrArgChange: true,
    pollingInterval: watching ? 2000 : 0,
  });
  const ledger = useGetLedgerInfiniteQuery(undefined, { skip, refetchOnMountOrArgChange: true });
  const [startOnboarding, onboarding] = useStartPayoutOnboardingMutation();
  useOnPageRestore(onboarding.reset);
  const items = useMemo(() => ledger.data?.pages.flatMap((page) => page.items), [ledger.data]);
  // The first page's balances: its newest line ends on exactly these.
  const balance = ledger.data?.pages[0]?.balance;

  const back = params.get('onboarding');
  // Coming back is a fresh page load, so the account is loaded anew anyway; it is then watched until active, for 30 s at most.
  useEffect(() => {
    if (!back || skip) return;
    if (back === 'return') {
      toast({
        title: 'Payout details received',
        description: 'Thank you. Your account status is shown below.',
        variant: 'success',
      });
      setWatching(true);
    } else if (back === 'refresh') {
      toast({
        title: 'That setup link has expired',
        description: 'Press Continue setup to get a new one.',
        variant: 'info',
      });
    }
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('onboarding');
        return next;
      },
      { replace: true },
    );
  }, [back, skip, toast, setParams]);

  // Only 'active' ends the watch early: an account that was restricted before this round of details stays
  // restricted until the provider has judged the new ones, so any other status may still be about to change.
  const settled = account.data?.status === 'active';
  useEffect(() => {
    if (!watching) return;
    if (settled) {
      setWatching(false);
      return;
    }
    const stop = setTimeout(() => setWatching(false), 30_000);
    return () => clearTimeout(stop);
  }, [watching, settled]);

  // Two-step sign-in on: the details change only after a fresh code, asked for in a dialog.
  const [askingCode, setAskingCode] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const setUp = async (code?: string) => {
    if (user?.twoFactor && !code) {
      setCodeError(null);
      return setAskingCode(true);
    }
    try {
      const { url } = await startOnboarding(code ? { code } : undefined).unwrap();
      window.location.assign(url);
    } catch (error) {
      if (code) return setCodeError(asApiError(error)?.serverMessage ?? 'An error occurred');
      toast({
        title: 'Could not open the payout setup',
        description: asApiError(error)?.serverMessage ?? 'An error occurred',
        variant: 'error',
      });
    }
  };

  if (userLoading) return <PageLoader />;
  if (!user)
    return <SignInRequired title="Payouts" description="Sign in to set up payouts and see the money of your sales." />;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Button
        component={RouterLink}
        to="/profile"
        startIcon={<ArrowBackRounded />}
        sx={{ color: 'text.secondary', mb: 1 }}
      >
        My profile
      </Button>
      <Typography variant="h3" component="h1">
        Payouts
      </Typography>
      <PayoutCodeDialog
        open={askingCode}
        busy={onboarding.isLoading}
        error={codeError}
        onClose={() => setAskingCode(false)}
        onSubmit={(code) => void setUp(code)}
      />
      <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: 3 }}>
        The money of your sales: held until the buyer confirms, then paid to your bank account.
      </Typography>
      <Stack spacing={4}>
        <PayoutAccountCard
          account={account.data}
          isLoading={account.isLoading}
          error={account.isError ? asApiError(account.error)?.message : undefined}
          onSetUp={() => void setUp()}
          busy={onboarding.isLoading || onboarding.isSuccess}
        />
        <PayoutBalance balance={balance} />
        {!user.isVerified && <VerifiedSellerSteps userId={user.id} onPayouts />}
        <section aria-labelledby="ledger-title">
          <Stack
            direction="row"
            spacing={2}
            sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1, mb: 0.5 }}
          >
            <Typography id="ledger-title" variant="h6" component="h2">
              Money history
            </Typography>
            {items && items.length > 0 && (
              <Button component="a" href={LEDGER_CSV_URL} download startIcon={<DownloadRounded />} variant="outlined">
                Download CSV
              </Button>
            )}
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
            Every movement of your money, newest first: sales held, released to you, fees, refunds and payouts, with
            your balances after each.
          </Typography>
          {ledger.isError ? (
            <Alert severity="error">{asApiError(ledger.error)?.message}</Alert>
          ) : ledger.isLoading || !items ? (
            <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-busy="true" aria-label="Loading money history">
              {[0, 1, 2].map((key) => (
                <LedgerLineSkeleton key={key} />
              ))}
            </Stack>
          ) : items.length === 0 ? (
            <EmptyState
              icon={<PaymentsOutlined />}
              title="No money movements yet"
              description="When a buyer pays for one of your items, the sale appears here, held until they confirm."
            />
          ) : (
            <>
              <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-labelledby="ledger-title">
                {items.map((line) => (
                  <LedgerLineRow key={line.id} line={line} />
                ))}
              </Stack>
              {ledger.hasNextPage && (
                <Box sx={{ mt: 2 }}>
                  <LoadMoreButton
                    label="Load more"
                    compact
                    isLoading={ledger.isFetchingNextPage}
                    onClick={() => void ledger.fetchNextPage()}
                  />
                </Box>
              )}
            </>
          )}
        </section>
      </Stack>
    </Container>
  );
}

import { Suspense } from 'react';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import { Link as RouterLink, Outlet } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PageLoader } from '../../components/PageLoader';
import { useCurrentUser } from '../auth/hooks/useCurrentUser';
import { SignInRequired } from '../orders/components/SignInRequired';
import { SupportNav } from './SupportNav';
import { useGetSupportQueuesQuery } from './supportApi';

/**
 * /support/*: the support team's pages, one per queue, under a nav that says what waits in each. The counts come
 * from one call (the gateway asks each queue's owner at once) and load again whenever a decision changes a queue.
 */
export default function SupportLayout() {
  const { user, isLoading } = useCurrentUser();
  const isSupport = user?.role === 'support';
  const counts = useGetSupportQueuesQuery(undefined, { skip: !isSupport, refetchOnMountOrArgChange: true });

  if (isLoading) return <PageLoader />;
  if (!user) return <SignInRequired title="Support" description="Sign in with a support account to decide claims." />;
  if (!isSupport) {
    return (
      <Container maxWidth="sm" sx={{ py: 10 }}>
        <Typography variant="h2" component="h1" sx={{ textAlign: 'center', mb: 4 }}>
          Support
        </Typography>
        <EmptyState
          headingLevel="h2"
          icon={<GppMaybeOutlined />}
          title="Support team only"
          description="This page is for the support team, who decide buyers' claims. Your orders and claims are in My Orders."
          action={
            <Button component={RouterLink} to="/orders" variant="contained">
              My Orders
            </Button>
          }
        />
      </Container>
    );
  }
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <SupportNav counts={counts.data} />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </Container>
  );
}

import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import SellOutlined from '@mui/icons-material/SellOutlined';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { asApiError } from '../../../api/api';
import { EmptyState } from '../../../components/EmptyState';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { PageLoader } from '../../../components/PageLoader';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { useNow } from '../../messages/hooks/useNow';
import { SignInRequired } from '../../orders/components/SignInRequired';
import { OfferCard, OfferCardSkeleton } from '../components/OfferCard';
import { useListOffersInfiniteQuery, type OffersRole } from '../offersApi';
import { useLoadMore } from '../../../hooks/useLoadMore';

const EMPTY = {
  buyer: {
    icon: <LocalOfferOutlined />,
    title: 'No offers made yet',
    description:
      'On an item you like, or on your bundle, press “Make an offer”: the seller has 48 hours to accept, decline or counter.',
    action: (
      <Button component={RouterLink} to="/" variant="contained">
        Browse Souvenirs
      </Button>
    ),
  },
  seller: {
    icon: <SellOutlined />,
    title: 'No offers received yet',
    description: 'When a buyer offers an amount for one of your souvenirs, you can answer it here.',
    action: (
      <Button component={RouterLink} to="/sell" variant="contained">
        List Item
      </Button>
    ),
  },
};

/** /offers?tab=buyer|seller: the offers the signed-in person made and received, newest first, with their actions. */
export default function OffersPage() {
  const { user, isLoading } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const tab: OffersRole = params.get('tab') === 'seller' ? 'seller' : 'buyer';
  // The other party answers and deadlines pass without the viewer: loaded anew each time the page opens.
  const list = useListOffersInfiniteQuery(tab, { skip: !user, refetchOnMountOrArgChange: true });
  const offers = useMemo(() => list.data?.pages.flatMap((page) => page.items), [list.data]);
  const more = useLoadMore(list);
  const now = useNow(60_000);

  const setTab = (next: OffersRole) =>
    setParams(
      (prev) => {
        const nextParams = new URLSearchParams(prev);
        nextParams.set('tab', next);
        return nextParams;
      },
      { replace: true },
    );

  if (isLoading) return <PageLoader />;
  if (!user) return <SignInRequired title="Offers" description="Sign in to see the offers you made and received." />;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h2" component="h1">
        Offers
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1 }}>
        Haggle politely: offers last 48 hours, and an accepted one can be paid for 24 hours.
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mt: 3, mb: 3 }}>
        <Tabs value={tab} onChange={(_event, next: OffersRole) => setTab(next)} aria-label="Offers">
          <Tab value="buyer" label="Made" id="tab-buyer" aria-controls="panel-buyer" />
          <Tab value="seller" label="Received" id="tab-seller" aria-controls="panel-seller" />
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {list.isError ? (
          <Alert severity="error">{asApiError(list.error)?.message ?? 'An error occurred'}</Alert>
        ) : list.isLoading || !offers ? (
          <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }} aria-busy="true" aria-label="Loading offers">
            {[0, 1, 2].map((key) => (
              <OfferCardSkeleton key={key} />
            ))}
          </Stack>
        ) : offers.length === 0 ? (
          <EmptyState headingLevel="h2" {...EMPTY[tab]} />
        ) : (
          <>
            <Stack
              component="ul"
              spacing={1.5}
              sx={{ m: 0, p: 0 }}
              aria-label={tab === 'seller' ? 'Offers received' : 'Offers made'}
            >
              {offers.map((offer) => (
                <OfferCard key={offer.id} offer={offer} now={now} />
              ))}
            </Stack>
            {list.hasNextPage && (
              <LoadMoreButton label="Load more" isLoading={more.isLoadingMore} onClick={more.loadMore} />
            )}
          </>
        )}
      </Box>
    </Container>
  );
}

import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import SellOutlined from '@mui/icons-material/SellOutlined';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { asApiError } from '../../../api/api';
import { useGetOrdersPageInfiniteQuery, type OrdersRole } from '../../../api/ordersApi';
import { EmptyState } from '../../../components/EmptyState';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { PageLoader } from '../../../components/PageLoader';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { useNow } from '../../messages/hooks/useNow';
import { OrderRow, OrderRowSkeleton } from '../components/OrderRow';
import { FindMyOrderForm } from '../components/FindMyOrderForm';
import { SignInRequired } from '../components/SignInRequired';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useLoadMore } from '../../../hooks/useLoadMore';

const EMPTY = {
  purchases: {
    icon: <ShoppingBagOutlined />,
    title: 'No purchases yet',
    description: 'Souvenirs you buy will show up here, with their delivery and buyer protection.',
    action: (
      <Button component={RouterLink} to="/" variant="contained">
        Browse Souvenirs
      </Button>
    ),
  },
  sales: {
    icon: <SellOutlined />,
    title: 'No sales yet',
    description: 'When someone buys one of your souvenirs, you will see where to ship it here.',
    action: (
      <Button component={RouterLink} to="/sell" variant="contained">
        List Item
      </Button>
    ),
  },
};

/** /orders?tab=purchases|sales: the signed-in user's orders, newest first, a page at a time. */
export default function OrdersPage() {
  const { user, isLoading } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const chosen = params.get('tab');
  // Orders change without the viewer (the other party acts, deadlines pass): loaded anew each time the page opens.
  const purchases = useGetOrdersPageInfiniteQuery('purchases', { skip: !user, refetchOnMountOrArgChange: true });
  // Loaded on either tab: its first page gives the Sales tab's badge.
  const sales = useGetOrdersPageInfiniteQuery('sales', { skip: !user, refetchOnMountOrArgChange: true });
  const now = useNow(60_000);
  const salesWaiting = sales.data?.pages[0]?.items.filter((order) => order.needsAction).length ?? 0;
  // A seller with a sale to ship or a claim to answer lands on Sales; everyone else on Purchases, as a tab they pick
  // (kept in the address) always wins. Until the sales have loaded that choice is not made: no tab flips under a tap.
  const tab: OrdersRole =
    chosen === 'sales' || chosen === 'purchases' ? chosen : salesWaiting > 0 ? 'sales' : 'purchases';
  const choosing = chosen !== 'sales' && chosen !== 'purchases' && !!user && sales.isLoading;
  const list = tab === 'sales' ? sales : purchases;
  const purchasesMore = useLoadMore(purchases);
  const salesMore = useLoadMore(sales);
  const more = tab === 'sales' ? salesMore : purchasesMore;
  const orders = useMemo(() => list.data?.pages.flatMap((page) => page.items), [list.data]);

  const setTab = (next: OrdersRole) =>
    setParams(
      (prev) => {
        const nextParams = new URLSearchParams(prev);
        nextParams.set('tab', next);
        return nextParams;
      },
      { replace: true },
    );

  if (isLoading) return <PageLoader />;
  if (!user)
    return (
      <SignInRequired
        title="My Orders"
        description="Sign in to follow your purchases and sales. Bought as a guest? Open the private link from your receipt e-mail."
      >
        <FindMyOrderForm />
      </SignInRequired>
    );

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h2" component="h1">
        My Orders
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1 }}>Follow what you bought and ship what you sold.</Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mt: 3, mb: 3 }}>
        <Tabs value={tab} onChange={(_event, next: OrdersRole) => setTab(next)} aria-label="Orders">
          <Tab value="purchases" label="Purchases" id="tab-purchases" aria-controls="panel-purchases" />
          <Tab
            value="sales"
            id="tab-sales"
            aria-controls="panel-sales"
            label={
              <Badge
                color="primary"
                badgeContent={salesWaiting}
                max={20}
                slotProps={{ badge: { 'aria-hidden': true } }}
                sx={{ '& .MuiBadge-badge': { right: -14, top: 2 } }}
              >
                Sales
                {salesWaiting > 0 && (
                  <Box component="span" sx={visuallyHidden}>{` (${salesWaiting} waiting for you)`}</Box>
                )}
              </Badge>
            }
          />
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {list.isError ? (
          <Alert severity="error">{asApiError(list.error)?.message ?? 'An error occurred'}</Alert>
        ) : choosing || list.isLoading || !orders ? (
          <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }} aria-busy="true" aria-label="Loading orders">
            {[0, 1, 2].map((key) => (
              <OrderRowSkeleton key={key} />
            ))}
          </Stack>
        ) : orders.length === 0 ? (
          <EmptyState {...EMPTY[tab]} />
        ) : (
          <>
            <Stack
              component="ul"
              spacing={1.5}
              sx={{ m: 0, p: 0 }}
              aria-label={tab === 'sales' ? 'Sales' : 'Purchases'}
            >
              {orders.map((order) => (
                <OrderRow key={order.id} order={order} side={tab} now={now} />
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

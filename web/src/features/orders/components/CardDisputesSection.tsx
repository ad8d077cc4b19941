import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OrderDetailDto } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';
import { asApiError } from '../../../api/api';
import { useGetCardDisputesQuery } from '../../../api/ordersApi';
import { ProductImage } from '../../../components/ProductImage';
import { formatMoney } from '../../../utils/money';
import { dateTime } from '../orderText';
import { OrderStatusChip } from './OrderStatusChip';

function DisputedOrder({ order, headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3'; order: OrderDetailDto }) {
  const buyer = `${order.buyer.firstName} ${order.buyer.lastName}`.trim() || 'Guest';
  return (
    <Card component="li" sx={{ listStyle: 'none', p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box sx={{ width: 56, height: 56, borderRadius: 2, overflow: 'hidden', flexShrink: 0 }}>
          <ProductImage src={order.product.image} alt="" />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            variant="h6"
            component={headingLevel}
            sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {order.product.title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {buyer} bought from {order.seller.name ?? 'the seller'} · disputed{' '}
            {order.cardDispute ? dateTime(order.cardDispute.openedAt) : ''}
            {order.cardDispute?.reason ? ` · ${order.cardDispute.reason.replace(/_/g, ' ')}` : ''}
          </Typography>
        </Box>
        <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
          <Typography sx={{ fontWeight: 800 }}>{formatMoney(order.cardDispute?.amount ?? order.amount)}</Typography>
          <OrderStatusChip status={order.status} />
        </Stack>
      </Stack>
      <Button component={RouterLink} to={`/orders/${order.id}`} variant="outlined" sx={{ mt: 2 }}>
        Open the Order
      </Button>
    </Card>
  );
}

/**
 * Support's view of card disputes: the buyer's bank contests the payment, the order's money is frozen until the
 * provider reports the outcome (the evidence is answered in the provider's dashboard, not here).
 */
/** `asPage`: the section is its own page (/support/…): its title is the page's h1 and each entry's an h2. */
export function CardDisputesSection({ asPage = false }: { asPage?: boolean } = {}) {
  const disputes = useGetCardDisputesQuery(undefined, { refetchOnMountOrArgChange: true });
  const items = disputes.data?.items;
  return (
    <Box component="section" aria-labelledby="card-disputes-heading" sx={{ mt: asPage ? 0 : 6 }}>
      <Typography id="card-disputes-heading" variant={asPage ? 'h2' : 'h4'} component={asPage ? 'h1' : 'h2'}>
        Card disputes
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1, mb: 3 }}>
        Payments the buyer's bank is contesting. Their money is frozen: nothing is paid to the seller until the bank
        decides.
      </Typography>
      {disputes.isError ? (
        <Alert severity="error">{asApiError(disputes.error)?.message ?? 'An error occurred'}</Alert>
      ) : !items ? (
        <Skeleton variant="rounded" height={120} sx={{ borderRadius: 4 }} aria-label="Loading card disputes" />
      ) : items.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>No open card disputes.</Typography>
      ) : (
        <Stack component="ul" spacing={2} sx={{ m: 0, p: 0 }} aria-label="Card disputes">
          {items.map((order) => (
            <DisputedOrder key={order.id} order={order} headingLevel={asPage ? 'h2' : 'h3'} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import type { OrderDetailDto } from '@souvenir/contracts';
import { orderItems } from '../../bundle/bundleContract';
import { Link as RouterLink, useParams } from 'react-router';
import { asApiError } from '../../../api/api';
import { useGetOrderQuery } from '../../../api/ordersApi';
import { EmptyState } from '../../../components/EmptyState';
import { ProductImage } from '../../../components/ProductImage';
import { formatMoney } from '../../../utils/money';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { OrderReviewCard } from '../../reviews/components/OrderReviewCard';
import { useNow } from '../../messages/hooks/useNow';
import { ClaimCard } from '../components/ClaimCard';
import { OrderActions } from '../components/OrderActions';
import { OrderItems } from '../components/OrderItems';
import { OrderMoney } from '../components/OrderMoney';
import { OrderStatusChip } from '../components/OrderStatusChip';
import { OrderTimeline } from '../components/OrderTimeline';
import { OrderMessagesCard, ORDER_MESSAGE_INPUT_ID, ORDER_MESSAGES_ID } from '../components/OrderMessagesCard';
import { TrackingNumber } from '../components/TrackingNumber';
import { dateTime, DEADLINE_LABELS, deadlineIsNear, timeLeft } from '../orderText';

/** What the status means for the viewer, in a sentence under the title. */
function statusSentence(order: OrderDetailDto, itemCount: number): string {
  const seller = order.viewer === 'seller';
  switch (order.status) {
    case 'paid':
      return seller
        ? `Paid. Please ship ${itemCount > 1 ? `the ${itemCount} items in one parcel` : 'the item'} to the address below before the deadline, or the buyer is refunded.`
        : 'Paid. The seller is preparing your parcel.';
    case 'shipped':
      return seller ? 'On its way to the buyer.' : 'On its way to you. Mark it delivered when it arrives.';
    case 'delivered':
      return seller
        ? 'Delivered. The buyer has a few days to check it, then the payment is yours.'
        : 'Delivered. Check the item: confirm if everything is OK, or report a problem.';
    case 'completed':
      return 'Completed. Thank you for trading on Souvenir Swap.';
    case 'cancelled':
      return 'Cancelled. The buyer was refunded in full.';
    case 'disputed':
      return 'A claim is open: the payment is frozen until it is resolved.';
    case 'refunded':
      return seller
        ? 'Refunded to the buyer.'
        : order.viewer === 'buyer'
          ? 'Refunded to you.'
          : 'Refunded to the buyer.';
    default:
      return 'Waiting for the payment.';
  }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ mb: 1.5, '&:last-child': { mb: 0 } }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Box sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

function OrderSkeleton() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }} aria-busy="true" aria-label="Loading the order">
      <Skeleton width={120} />
      <Skeleton variant="rounded" height={140} sx={{ mt: 2, borderRadius: 4 }} />
      <Grid container spacing={3} sx={{ mt: 1 }}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Skeleton variant="rounded" height={240} sx={{ borderRadius: 4 }} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Skeleton variant="rounded" height={240} sx={{ borderRadius: 4 }} />
        </Grid>
      </Grid>
    </Container>
  );
}

/**
 * /orders/:ref: one order for its buyer, its seller or support. `ref` is the order id (members) or a guest's
 * private token from the success page; the API takes either. Only the buttons the server lists are shown.
 */
export default function OrderPage() {
  const { ref = '' } = useParams();
  const { user } = useCurrentUser();
  // The other party and the deadlines change the order too: it is loaded anew each time the page opens.
  const { data: order, error, isLoading } = useGetOrderQuery(ref, { skip: !ref, refetchOnMountOrArgChange: true });
  const now = useNow(60_000);

  if (isLoading) return <OrderSkeleton />;
  if (error || !order) {
    const apiError = asApiError(error);
    const notFound =
      apiError?.status === 404 || apiError?.status === 400 || apiError?.status === 403 || apiError?.status === 401;
    return (
      <Container maxWidth="sm" sx={{ py: 10 }}>
        <Typography variant="h2" component="h1" sx={{ textAlign: 'center', mb: 4 }}>
          Order
        </Typography>
        {notFound ? (
          <EmptyState
            headingLevel="h2"
            icon={<ReceiptLongOutlined />}
            title="Order not found"
            description={
              user
                ? 'This order does not exist or is not yours.'
                : 'Sign in to see your orders. A guest can follow an order with the private link from the success page.'
            }
            action={
              <Button component={RouterLink} to={user ? '/orders' : '/'} variant="contained">
                {user ? 'My Orders' : 'Back to Browse'}
              </Button>
            }
          />
        ) : (
          <Alert severity="error">{apiError?.message ?? 'An error occurred'}</Alert>
        )}
      </Container>
    );
  }

  const isSeller = order.viewer === 'seller';
  const buyerName = `${order.buyer.firstName} ${order.buyer.lastName}`.trim();
  const otherId = isSeller ? order.buyer.id : order.seller.id;
  // Members talk about the product in Messages; a guest buyer has no account, so the two write on the order itself.
  const guestOrder = order.buyer.id === null;
  const messageOnOrder = guestOrder && order.viewer !== 'support';
  const conversation =
    user && order.viewer !== 'support' && !guestOrder
      ? `/messages?${otherId ? `user=${encodeURIComponent(otherId)}&` : ''}product=${encodeURIComponent(order.product.id)}`
      : null;
  const address = order.deliveryAddress;
  const withItems = order;
  const items = orderItems(withItems);
  const severalItems = items.length > 1;
  const refunded = withItems.refundedAmount && Number(withItems.refundedAmount) > 0 ? withItems.refundedAmount : null;
  const backTo = order.viewer === 'support' ? '/support' : `/orders${isSeller ? '?tab=sales' : ''}`;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      {user && (
        <Button
          component={RouterLink}
          to={backTo}
          startIcon={<ArrowBackRounded />}
          sx={{ color: 'text.secondary', mb: 2 }}
        >
          {order.viewer === 'support' ? 'Open claims' : 'My Orders'}
        </Button>
      )}
      <Card sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 2, sm: 3 }} sx={{ alignItems: { sm: 'center' } }}>
          <Box
            component={RouterLink}
            to={`/product/${order.product.id}`}
            sx={{
              width: { xs: '100%', sm: 120 },
              height: { xs: 180, sm: 120 },
              borderRadius: 3,
              overflow: 'hidden',
              flexShrink: 0,
              display: 'block',
            }}
            aria-label={`${order.product.title}: product page`}
            title={severalItems ? `${order.product.title} and ${items.length - 1} more` : undefined}
          >
            <ProductImage src={order.product.image} alt="" loading="eager" />
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              <OrderStatusChip status={order.status} size="medium" />
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {isSeller ? 'Sale' : order.viewer === 'support' ? 'Order' : 'Purchase'} · {dateTime(order.createdAt)}
              </Typography>
            </Stack>
            <Typography variant="h4" component="h1" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
              {severalItems ? `Bundle of ${items.length} items` : order.product.title}
            </Typography>
            {severalItems && (
              <Typography sx={{ mt: 0.5, fontWeight: 600, overflowWrap: 'anywhere' }}>
                {items.map((item) => item.title).join(' · ')}
              </Typography>
            )}
            <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{statusSentence(order, items.length)}</Typography>
          </Box>
          <Box sx={{ flexShrink: 0, textAlign: { sm: 'right' } }}>
            <Typography variant="h4" component="p" sx={{ fontWeight: 800 }}>
              {formatMoney(order.amount)}
            </Typography>
            {refunded && (
              <Typography variant="body2" sx={{ color: 'info.dark', fontWeight: 700 }}>
                {formatMoney(refunded)} refunded
              </Typography>
            )}
          </Box>
        </Stack>
        {(order.actions.length > 0 || conversation || messageOnOrder) && <Divider sx={{ my: 2.5 }} />}
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
        >
          <OrderActions order={order} orderRef={ref} />
          {conversation && (
            <Button
              component={RouterLink}
              to={conversation}
              size="large"
              startIcon={<ChatBubbleOutlineRounded />}
              sx={{ alignSelf: { xs: 'stretch', md: 'center' } }}
            >
              {isSeller ? 'Message Buyer' : 'Message Seller'}
            </Button>
          )}
          {messageOnOrder && (
            <Button
              href={`#${ORDER_MESSAGES_ID}`}
              onClick={() => document.getElementById(ORDER_MESSAGE_INPUT_ID)?.focus({ preventScroll: true })}
              size="large"
              startIcon={<ChatBubbleOutlineRounded />}
              sx={{ alignSelf: { xs: 'stretch', md: 'center' } }}
            >
              {isSeller ? 'Message Buyer' : 'Message Seller'}
            </Button>
          )}
        </Stack>
      </Card>

      {order.cancelRequest && (
        <Alert severity="warning" sx={{ mt: 3 }}>
          <strong>{isSeller ? 'The buyer asks you to cancel' : 'You asked the seller to cancel'}</strong> (
          {dateTime(order.cancelRequest.at)}): {order.cancelRequest.reason}
          {isSeller && order.actions.includes('cancel')
            ? ' Cancel the order to agree; the buyer is refunded in full.'
            : ''}
        </Alert>
      )}

      <Grid container spacing={3} sx={{ mt: 3 }}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Stack spacing={3}>
            {(severalItems || withItems.discount || refunded) && (
              <Section title={severalItems ? `Items (${items.length})` : 'Item'}>
                <OrderItems order={withItems} />
              </Section>
            )}
            <OrderReviewCard order={order} />
            {order.claim && <ClaimCard claim={order.claim} items={items} />}
            {/* A guest order that joined the buyer's account later keeps showing what was written on it. */}
            <OrderMessagesCard orderRef={ref} viewer={order.viewer} hideWhenEmpty={!guestOrder} />
            <Section title="Timeline">
              {order.history.length ? (
                <OrderTimeline history={order.history} />
              ) : (
                <Typography sx={{ color: 'text.secondary' }}>Nothing has happened yet.</Typography>
              )}
            </Section>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={3}>
            {order.money && (
              <Section title="Money">
                <OrderMoney order={order} />
              </Section>
            )}
            {order.deadlines.length > 0 && (
              <Section title="Deadlines">
                {order.deadlines.map((deadline) => (
                  <Fact key={deadline.name} label={DEADLINE_LABELS[deadline.name] ?? deadline.name}>
                    <Box component="span" sx={{ color: deadlineIsNear(deadline, now) ? 'tint.action.fg' : undefined }}>
                      {dateTime(deadline.at)}
                    </Box>
                    <Typography
                      variant="body2"
                      component="span"
                      sx={{ display: 'block', color: 'text.secondary', fontWeight: 400 }}
                    >
                      {timeLeft(deadline.at, now)}
                    </Typography>
                  </Fact>
                ))}
              </Section>
            )}
            {address && (
              <Section title="Ship to">
                <Box component="address" sx={{ fontStyle: 'normal', lineHeight: 1.7, overflowWrap: 'anywhere' }}>
                  <strong>{buyerName}</strong>
                  <br />
                  {address.street}
                  <br />
                  {address.city}
                  {address.state ? `, ${address.state}` : ''} {address.zip}
                  <br />
                  {address.country}
                </Box>
              </Section>
            )}
            <Section title="Shipping">
              {order.carrier ? (
                <>
                  <Fact label="Carrier">{order.carrier}</Fact>
                  <Fact label="Tracking number">
                    <TrackingNumber carrier={order.carrier} trackingNumber={order.trackingNumber} />
                  </Fact>
                </>
              ) : (
                <Typography sx={{ color: 'text.secondary' }}>Not shipped yet.</Typography>
              )}
            </Section>
            <Section title={isSeller ? 'Buyer' : order.viewer === 'support' ? 'Parties' : 'Seller'}>
              {isSeller && <Typography sx={{ fontWeight: 600 }}>{buyerName || 'Guest'}</Typography>}
              {order.viewer === 'buyer' && (
                <Link component={RouterLink} to={`/profile/${order.seller.id}`} sx={{ fontWeight: 600 }}>
                  {order.seller.name ?? 'Seller'}
                </Link>
              )}
              {order.viewer === 'support' && (
                <>
                  <Fact label="Buyer">{buyerName || 'Guest'}</Fact>
                  <Fact label="Seller">
                    <Link component={RouterLink} to={`/profile/${order.seller.id}`}>
                      {order.seller.name ?? 'Seller'}
                    </Link>
                  </Fact>
                </>
              )}
            </Section>
          </Stack>
        </Grid>
      </Grid>
    </Container>
  );
}

import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import HourglassEmptyRounded from '@mui/icons-material/HourglassEmptyRounded';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import UndoRounded from '@mui/icons-material/UndoRounded';
import { PAYMENT_MESSAGES } from '@souvenir/contracts';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { asApiError } from '../../../api/api';
import { useGetProductQuery } from '../../../api/catalogApi';
import { useReconcilePaymentMutation } from '../../../api/paymentsApi';
import { ProductImage } from '../../../components/ProductImage';
import { formatMoney } from '../../../utils/money';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { checkoutTokenFor, rememberedPayment } from '../checkoutStorage';
import { GuestOrderLink } from '../components/GuestOrderLink';

/** The order's life after the payment: the page still says the payment succeeded, and links to the order. */
const PAID_STATUSES = new Set(['paid', 'shipped', 'delivered', 'completed', 'disputed']);

const NEXT_STEPS = [
  {
    icon: <LocalShippingOutlined />,
    title: 'The seller ships within 5 days',
    text: 'To the delivery address you entered at checkout, with the carrier and tracking on your order page. Not shipped in time: you are refunded in full.',
  },
  {
    icon: <ShieldOutlined />,
    title: 'Buyer protection',
    text: 'Once it arrives you have 3 days to confirm or report a problem. The seller is paid only after that.',
  },
  {
    icon: <ChatBubbleOutlineRounded />,
    title: 'Questions?',
    text: 'Message the seller about your souvenir at any time.',
  },
];

function StatusIcon({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Box sx={{ color, display: 'flex', justifyContent: 'center', '& svg': { fontSize: 72 } }} aria-hidden>
      {children}
    </Box>
  );
}

/**
 * /payment-success?product={id}: asks the server once for the state of the payment this tab made for the product
 * (reconcile with its client secret, works without webhooks), then shows success, processing (with retry), refunded
 * or failed. The payment's id and secret stay in the tab's storage, never in the URL.
 */
export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const productId = params.get('product') ?? '';
  const [remembered] = useState(() => (productId ? rememberedPayment(productId) : null));
  const paymentIntentId = remembered?.paymentIntentId ?? '';
  const { data: product } = useGetProductQuery(productId, { skip: !productId });
  const [reconcile, { data: payment, error, isLoading, isUninitialized }] = useReconcilePaymentMutation();
  const { user } = useCurrentUser();
  // A guest follows the order with the private token this tab's checkout was given (the same token as the link).
  const [guestToken] = useState(() => (productId ? checkoutTokenFor(productId) : undefined));
  const started = useRef(false);

  const check = useCallback(() => {
    if (remembered) void reconcile(remembered);
  }, [remembered, reconcile]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    check();
  }, [check]);

  const itemId = payment?.productId || productId;
  const messageSeller = `/messages?product=${encodeURIComponent(itemId)}`;
  const checkoutAgain = `/checkout?product=${encodeURIComponent(itemId)}`;
  const backToBrowse = (
    <Button component={RouterLink} to="/" variant="outlined" size="large">
      Back to Browse
    </Button>
  );

  const item = product ? (
    <Stack
      direction="row"
      spacing={2}
      sx={{ alignItems: 'center', p: 2, borderRadius: 3, bgcolor: 'rgba(0,0,0,0.03)', textAlign: 'left' }}
    >
      <Box sx={{ width: 64, height: 64, borderRadius: 2, overflow: 'hidden', flexShrink: 0 }}>
        <ProductImage src={product.images[0]} alt={product.title} loading="eager" />
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography sx={{ fontWeight: 700 }}>{product.title}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {product.country}
        </Typography>
      </Box>
      <Typography sx={{ fontWeight: 800 }}>{formatMoney(product.price)}</Typography>
    </Stack>
  ) : productId ? (
    <Skeleton variant="rounded" height={96} />
  ) : null;

  let body: ReactNode;
  if (!paymentIntentId) {
    body = (
      <Stack spacing={3} sx={{ textAlign: 'center' }}>
        <StatusIcon color="text.secondary">
          <ErrorOutlineRounded />
        </StatusIcon>
        <Typography variant="h3" component="h1">
          No payment to confirm
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>This page opens after you pay for an item at checkout.</Typography>
        <Box>{backToBrowse}</Box>
      </Stack>
    );
  } else if (isUninitialized || isLoading) {
    body = (
      <Stack spacing={3} sx={{ textAlign: 'center', alignItems: 'center' }} aria-busy="true">
        <CircularProgress aria-label="Confirming your payment" />
        <Typography variant="h4" component="h1">
          Confirming your payment...
        </Typography>
        <Box sx={{ width: '100%' }}>{item}</Box>
      </Stack>
    );
  } else if (error || !payment) {
    body = (
      <Stack spacing={3} sx={{ textAlign: 'center' }}>
        <StatusIcon color="warning.main">
          <HourglassEmptyRounded />
        </StatusIcon>
        <Typography variant="h3" component="h1">
          We could not confirm your payment
        </Typography>
        <Alert severity="warning" sx={{ textAlign: 'left' }}>
          {asApiError(error)?.serverMessage ?? 'An error occurred'}. If you were charged, your order is safe: check
          again in a moment.
        </Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
          <Button variant="contained" size="large" startIcon={<ReplayRounded />} onClick={check}>
            Check Again
          </Button>
          {backToBrowse}
        </Stack>
      </Stack>
    );
  } else if (PAID_STATUSES.has(payment.status)) {
    body = (
      <Stack spacing={3} sx={{ textAlign: 'center' }}>
        <StatusIcon color="success.main">
          <CheckCircleRounded />
        </StatusIcon>
        <Box>
          <Typography variant="h2" component="h1">
            Payment Successful!
          </Typography>
          <Typography sx={{ color: 'text.secondary', mt: 1 }}>
            Thank you for your purchase. Your order is confirmed and the item is reserved for you.
          </Typography>
        </Box>
        {item}
        <Box component="section" aria-labelledby="next-steps-heading" sx={{ textAlign: 'left' }}>
          <Typography id="next-steps-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
            What happens next
          </Typography>
          <Stack component="ol" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {NEXT_STEPS.map((next) => (
              <Stack component="li" key={next.title} direction="row" spacing={1.5}>
                <Box sx={{ color: 'primary.main', mt: '2px' }} aria-hidden>
                  {next.icon}
                </Box>
                <Box>
                  <Typography sx={{ fontWeight: 700 }}>{next.title}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {next.text}
                  </Typography>
                </Box>
              </Stack>
            ))}
          </Stack>
        </Box>
        {!user && guestToken && <GuestOrderLink token={guestToken} />}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
          {user && (
            <Button
              component={RouterLink}
              to={payment.orderId ? `/orders/${payment.orderId}` : '/orders'}
              variant="contained"
              size="large"
              startIcon={<ReceiptLongOutlined />}
            >
              View your order
            </Button>
          )}
          {!user && guestToken && (
            <Button
              component={RouterLink}
              to={`/orders/${encodeURIComponent(guestToken)}`}
              variant="contained"
              size="large"
              startIcon={<ReceiptLongOutlined />}
            >
              View your order
            </Button>
          )}
          <Button
            component={RouterLink}
            to={messageSeller}
            variant={user || guestToken ? 'outlined' : 'contained'}
            size="large"
            startIcon={<ChatBubbleOutlineRounded />}
          >
            Message Seller
          </Button>
          {backToBrowse}
        </Stack>
      </Stack>
    );
  } else if (payment.status === 'refunded' || payment.status === 'cancelled') {
    body = (
      <Stack spacing={3} sx={{ textAlign: 'center' }}>
        <StatusIcon color="info.main">
          <UndoRounded />
        </StatusIcon>
        <Typography variant="h3" component="h1">
          Payment Refunded
        </Typography>
        <Alert severity="info" sx={{ textAlign: 'left' }}>
          {payment.message ||
            (payment.status === 'cancelled'
              ? 'This order was cancelled and refunded in full.'
              : PAYMENT_MESSAGES.soldToAnotherBuyer)}
        </Alert>
        {item}
        <Box>{backToBrowse}</Box>
      </Stack>
    );
  } else if (payment.status === 'failed' || payment.status === 'requires_action') {
    const needsAction = payment.status === 'requires_action';
    body = (
      <Stack spacing={3} sx={{ textAlign: 'center' }}>
        <StatusIcon color={needsAction ? 'warning.main' : 'error.main'}>
          <ErrorOutlineRounded />
        </StatusIcon>
        <Typography variant="h3" component="h1">
          {needsAction ? 'Additional verification required' : 'Payment Failed'}
        </Typography>
        <Alert severity={needsAction ? 'warning' : 'error'} sx={{ textAlign: 'left' }}>
          {needsAction
            ? 'Your bank needs you to confirm this payment. Please return to checkout and try again.'
            : payment.message || PAYMENT_MESSAGES.processingError}
        </Alert>
        {item}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
          <Button component={RouterLink} to={checkoutAgain} variant="contained" size="large">
            Try Again
          </Button>
          {backToBrowse}
        </Stack>
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={3} sx={{ textAlign: 'center' }}>
        <StatusIcon color="warning.main">
          <HourglassEmptyRounded />
        </StatusIcon>
        <Box>
          <Typography variant="h3" component="h1">
            Payment Processing
          </Typography>
          <Typography sx={{ color: 'text.secondary', mt: 1 }}>
            {payment.message || 'Your payment is still being processed. This usually takes a few seconds.'}
          </Typography>
        </Box>
        {item}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
          <Button variant="contained" size="large" startIcon={<ReplayRounded />} onClick={check}>
            Check Again
          </Button>
          {backToBrowse}
        </Stack>
      </Stack>
    );
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Card sx={{ p: { xs: 3, md: 5 } }}>{body}</Card>
    </Container>
  );
}

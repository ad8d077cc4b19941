import { useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { asApiError } from '../../../api/api';
import { useGetProductQuery } from '../../../api/catalogApi';
import { useReconcilePaymentMutation } from '../../../api/paymentsApi';
import { ProductImage } from '../../../components/ProductImage';
import { formatMoney } from '../../../utils/money';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { checkoutTokenFor, rememberedPayment } from '../checkoutStorage';
import { OutcomePanel } from '../components/OutcomePanel';
import { OUTCOME_VIEWS, outcomeOf } from '../paymentOutcomeViews';
import { translucent } from '../../../app/theme';

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

  const item = product ? (
    <Stack
      direction="row"
      spacing={2}
      sx={{
        alignItems: 'center',
        p: 2,
        borderRadius: 3,
        bgcolor: (theme) => translucent(theme, 'common.black', 0.03),
        textAlign: 'left',
      }}
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

  const outcome = outcomeOf({
    hasPayment: Boolean(paymentIntentId),
    isAsking: isUninitialized || isLoading,
    failed: Boolean(error),
    payment,
  });
  const view = OUTCOME_VIEWS[outcome]({
    payment,
    errorMessage: asApiError(error)?.serverMessage,
    isSignedIn: Boolean(user),
    guestToken,
    itemId,
    checkAgain: check,
  });

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Card sx={{ p: { xs: 3, md: 5 } }}>
        <OutcomePanel view={view} item={item} />
      </Card>
    </Container>
  );
}

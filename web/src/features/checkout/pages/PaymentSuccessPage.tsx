import { useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useStore } from 'react-redux';
import { useSearchParams } from 'react-router';
import { asApiError } from '../../../api/api';
import { useGetProductQuery } from '../../../api/catalogApi';
import { useReconcilePaymentMutation } from '../../../api/paymentsApi';
import { updateCachedProduct } from '../../../api/cachedCopies';
import { useAppDispatch } from '../../../app/hooks';
import type { RootState } from '../../../app/store';
import { bundleBought } from '../../bundle/bundleSlice';
import { useBundleProducts } from '../../bundle/hooks/useBundleProducts';
import { bundleIdsOf } from '../checkoutItems';
import { ProductImage } from '../../../components/ProductImage';
import { formatMoney } from '../../../utils/money';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { checkoutTokenFor, rememberedPayment } from '../checkoutStorage';
import { OutcomePanel } from '../components/OutcomePanel';
import { OUTCOME_VIEWS, outcomeOf } from '../paymentOutcomeViews';
import { translucent } from '../../../app/theme';

/**
 * /payment-success?product={id} (or ?products={id},{id},… for a bundle): asks the server once for the state of the payment this tab made for the product
 * (reconcile with its client secret, works without webhooks), then shows success, processing (with retry), refunded
 * or failed, and once paid what the card was charged (an accepted offer's or a bundle's amount, not the list price).
 * The payment's id and secret stay in the tab's storage, never in the URL.
 */
export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const bundleIds = bundleIdsOf(params);
  const isBundle = bundleIds.length > 1;
  const productId = isBundle ? bundleIds[0]! : (params.get('product') ?? '');
  // The checkout filed the payment under the item, or under the bundle's items.
  const checkoutKey = isBundle ? bundleIds.join(',') : productId;
  const [remembered] = useState(() => (checkoutKey ? rememberedPayment(checkoutKey) : null));
  const paymentIntentId = remembered?.paymentIntentId ?? '';
  const { data: product } = useGetProductQuery(productId, { skip: !productId || isBundle });
  const { states: bundleStates } = useBundleProducts(isBundle ? bundleIds : []);
  const [reconcile, { data: payment, error, isLoading, isUninitialized }] = useReconcilePaymentMutation();
  const { user } = useCurrentUser();
  // A guest follows the order with the private token this tab's checkout was given (the same token as the link).
  const [guestToken] = useState(() => (checkoutKey ? checkoutTokenFor(checkoutKey) : undefined));
  const started = useRef(false);
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();

  // Paid: the items leave the bundle (it is empty again after a bundle's checkout), and show sold at once.
  const paid = payment?.status === 'paid';
  useEffect(() => {
    if (!paid || !checkoutKey) return;
    const ids = checkoutKey.split(',');
    dispatch(bundleBought(ids));
    for (const id of ids)
      updateCachedProduct(dispatch, store.getState(), id, (item) => {
        item.status = 'sold';
      });
  }, [paid, checkoutKey, dispatch, store]);

  const check = useCallback(() => {
    if (remembered) void reconcile(remembered);
  }, [remembered, reconcile]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    check();
  }, [check]);

  const itemId = payment?.productId || productId;

  const bundleItems = bundleStates.flatMap((state) => (state.product ? [state.product] : []));
  const item = isBundle ? (
    bundleItems.length === bundleIds.length ? (
      <Stack spacing={1}>
        <Stack component="ul" spacing={1} aria-label="Items of your order" sx={{ m: 0, p: 0 }}>
          {bundleItems.map((bundleItem) => (
            <Stack
              component="li"
              key={bundleItem.id}
              direction="row"
              spacing={2}
              sx={{
                alignItems: 'center',
                p: 1.5,
                borderRadius: 3,
                listStyle: 'none',
                bgcolor: (theme) => translucent(theme, 'common.black', 0.03),
                textAlign: 'left',
              }}
            >
              <Box sx={{ width: 48, height: 48, borderRadius: 2, overflow: 'hidden', flexShrink: 0 }}>
                <ProductImage src={bundleItem.images[0]} alt="" loading="eager" />
              </Box>
              <Typography sx={{ fontWeight: 700, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {bundleItem.title}
              </Typography>
            </Stack>
          ))}
        </Stack>
        {payment?.amount && (
          <Typography sx={{ fontWeight: 800, textAlign: 'right' }}>Paid {formatMoney(payment.amount)}</Typography>
        )}
      </Stack>
    ) : (
      <Skeleton variant="rounded" height={96} />
    )
  ) : product ? (
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
      <Typography sx={{ fontWeight: 800 }}>{formatMoney(payment?.amount ?? product.price)}</Typography>
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
    itemCount: isBundle ? bundleIds.length : 1,
    checkoutPath: isBundle
      ? `/checkout?products=${bundleIds.join(',')}`
      : `/checkout?product=${encodeURIComponent(itemId)}`,
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

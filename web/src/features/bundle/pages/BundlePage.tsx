import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import LocalMallOutlined from '@mui/icons-material/LocalMallOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import ShoppingBagRounded from '@mui/icons-material/ShoppingBagRounded';
import type { OfferDto } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { EmptyState } from '../../../components/EmptyState';
import { ProductImage } from '../../../components/ProductImage';
import { useToast } from '../../../hooks/useToast';
import { formatMoney } from '../../../utils/money';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { BUNDLE_MAX_ITEMS, bundlePrice } from '../bundleContract';
import { removedFromBundle, selectBundle, type BundleItem } from '../bundleSlice';
import { bundleNeedText, bundleOfferText } from '../bundleText';
import { unavailableReason, useBundleProducts, type BundleProductState } from '../hooks/useBundleProducts';
import { BundleOfferButton } from '../components/BundleOfferButton';
import { PriceRows } from '../components/PriceRows';

/** Where "Checkout" goes: a bundle of one item is a plain checkout of it. */
export const checkoutPathOf = (ids: string[]) =>
  ids.length === 1 ? `/checkout?product=${ids[0]}` : `/checkout?products=${ids.join(',')}`;

function ItemRow({
  item,
  state,
  reason,
  onRemove,
}: {
  item: BundleItem;
  state: BundleProductState | undefined;
  reason: string | null;
  onRemove: () => void;
}) {
  const product = state?.product;
  const title = product?.title ?? item.title;
  return (
    <Card component="li" sx={{ listStyle: 'none', p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Box
          sx={{
            width: { xs: 64, sm: 88 },
            height: { xs: 64, sm: 88 },
            borderRadius: 2,
            overflow: 'hidden',
            flexShrink: 0,
            opacity: reason ? 0.5 : 1,
          }}
        >
          <ProductImage src={product?.images[0] ?? item.image} alt="" />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={`/product/${item.id}`}
            sx={{ fontWeight: 700, color: 'text.primary', overflowWrap: 'anywhere' }}
          >
            {title}
          </Link>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap', rowGap: 0.5 }}>
            {state?.isLoading ? (
              <Skeleton width={64} aria-label="Loading the price" />
            ) : (
              <Typography
                sx={{ fontWeight: 800, textDecoration: reason ? 'line-through' : undefined }}
                aria-label={reason ? `${formatMoney(product?.price ?? item.price)}, not counted` : undefined}
              >
                {formatMoney(product?.price ?? item.price)}
              </Typography>
            )}
            {reason && (
              <Chip label={reason} size="small" sx={{ fontWeight: 700, bgcolor: 'grey.900', color: 'common.white' }} />
            )}
          </Stack>
        </Box>
        <Button
          onClick={onRemove}
          color="inherit"
          startIcon={<DeleteOutlineRounded />}
          aria-label={`Remove ${title} from the bundle`}
          sx={{ color: 'text.secondary', flexShrink: 0, minWidth: 0, px: { xs: 1, sm: 1.5 } }}
        >
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            Remove
          </Box>
        </Button>
      </Stack>
    </Card>
  );
}

function ItemRowSkeleton() {
  return (
    <Card component="li" sx={{ listStyle: 'none', p: 2 }} aria-hidden>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Skeleton variant="rounded" width={88} height={88} />
        <Box sx={{ flex: 1 }}>
          <Skeleton width="60%" height={28} />
          <Skeleton width={64} />
        </Box>
      </Stack>
    </Card>
  );
}

/**
 * /bundle: the buyer's bundle of one seller's items, with each item's current price (or why it can no longer be
 * bought), the subtotal, the seller's bundle discount and the total as the server will charge it (bundlePrice), what is
 * still missing for the discount, Checkout, and an offer on the whole bundle.
 */
export default function BundlePage() {
  const bundle = useAppSelector(selectBundle);
  const dispatch = useAppDispatch();
  const toast = useToast();
  const { user, isLoading: isUserLoading } = useCurrentUser();
  const [sentOffer, setSentOffer] = useState<OfferDto | null>(null);
  const ids = bundle.items.map((item) => item.id);
  const { states, isLoading, refetch } = useBundleProducts(ids);
  const stateOf = (id: string) => states.find((state) => state.id === id);

  const heading = (
    <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
      Your bundle
    </Typography>
  );
  const backLink = (
    <Link
      component={RouterLink}
      to="/"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary', fontWeight: 600, mb: 3 }}
    >
      <ArrowBackRounded fontSize="small" aria-hidden /> Back to Browse
    </Link>
  );

  if (bundle.items.length === 0) {
    return (
      <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
        {backLink}
        {heading}
        <Box sx={{ mt: 3 }}>
          <EmptyState
            headingLevel="h2"
            icon={<LocalMallOutlined />}
            title="Your bundle is empty"
            description={`Add up to ${BUNDLE_MAX_ITEMS} items of one seller with “Add to bundle” on their pages: one payment, one parcel, and the seller’s bundle discount when they give one.`}
            action={
              <Button component={RouterLink} to="/" variant="contained">
                Back to Browse
              </Button>
            }
          />
        </Box>
      </Container>
    );
  }

  const reasons = new Map(
    bundle.items.map((item) => {
      const state = stateOf(item.id);
      return [item.id, unavailableReason(state?.product, Boolean(state?.failed), user?.id)] as const;
    }),
  );
  const available = bundle.items.filter((item) => !reasons.get(item.id));
  const unavailableCount = bundle.items.length - available.length;
  // The seller's discount as their items show it now; the one kept with the bundle until they have loaded.
  const current = states.find((state) => state.product)?.product;
  const discount = current ? (current.seller.bundleDiscount ?? null) : bundle.discount;
  const prices = available.map((item) => stateOf(item.id)?.product?.price ?? item.price);
  const price = bundlePrice(prices, discount ?? undefined);
  const need = bundleNeedText(available.length, discount);
  const sellerId = current?.seller.id ?? bundle.seller?.id;

  const remove = (item: BundleItem) => {
    dispatch(removedFromBundle(item.id));
    toast({ title: 'Removed from your bundle', description: item.title });
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      {backLink}
      {heading}
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        {bundle.items.length} of {BUNDLE_MAX_ITEMS} items from{' '}
        {sellerId ? (
          <Link component={RouterLink} to={`/profile/${sellerId}`} sx={{ fontWeight: 600 }}>
            {bundle.seller?.name}
          </Link>
        ) : (
          bundle.seller?.name
        )}
        , in one payment and one parcel.
      </Typography>
      <Grid container spacing={{ xs: 3, md: 4 }}>
        <Grid size={{ xs: 12, md: 7, lg: 8 }}>
          {discount && discount.percent > 0 && (
            <Alert severity="success" icon={<LocalMallOutlined />} sx={{ mb: 2 }}>
              {bundleOfferText(discount)}
            </Alert>
          )}
          <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }} aria-label="Items in your bundle">
            {bundle.items.map((item) =>
              stateOf(item.id)?.isLoading && !item.title ? (
                <ItemRowSkeleton key={item.id} />
              ) : (
                <ItemRow
                  key={item.id}
                  item={item}
                  state={stateOf(item.id)}
                  reason={reasons.get(item.id) ?? null}
                  onRemove={() => remove(item)}
                />
              ),
            )}
          </Stack>
          {unavailableCount > 0 && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {unavailableCount === 1 ? 'One item' : `${unavailableCount} items`} can no longer be bought. Remove{' '}
              {unavailableCount === 1 ? 'it' : 'them'} to check out.
            </Alert>
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 5, lg: 4 }}>
          <Card
            component="section"
            aria-labelledby="bundle-total-heading"
            sx={{ p: { xs: 2.5, md: 3 }, position: { md: 'sticky' }, top: { md: 96 } }}
          >
            <Typography id="bundle-total-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
              Bundle total
            </Typography>
            {isLoading ? (
              <Stack spacing={1} aria-busy="true" aria-label="Loading the bundle's prices">
                <Skeleton />
                <Skeleton />
                <Skeleton height={40} />
              </Stack>
            ) : (
              <PriceRows
                count={available.length}
                price={price}
                percent={discount && Number(price.discount) > 0 ? discount.percent : undefined}
              />
            )}
            {need && (
              <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary', fontWeight: 600 }}>
                {need}.
              </Typography>
            )}
            <Button
              component={RouterLink}
              to={checkoutPathOf(ids)}
              variant="contained"
              size="large"
              fullWidth
              startIcon={<ShoppingBagRounded />}
              sx={{ mt: 2.5 }}
              disabled={isLoading || unavailableCount > 0}
            >
              Checkout
            </Button>
            {bundle.items.length > 1 && (
              <Box sx={{ mt: 1.25 }}>
                <BundleOfferButton
                  ids={ids}
                  price={price.total}
                  sellerName={bundle.seller?.name ?? 'the seller'}
                  signedIn={Boolean(user)}
                  disabled={isLoading || isUserLoading || unavailableCount > 0}
                  onSent={setSentOffer}
                  onStale={refetch}
                />
              </Box>
            )}
            {sentOffer && (
              <Alert severity="success" sx={{ mt: 2 }}>
                Offer of {formatMoney(sentOffer.amount)} sent to {sentOffer.seller.firstName}. Follow it under{' '}
                <Link component={RouterLink} to="/offers" color="inherit" underline="always" sx={{ fontWeight: 700 }}>
                  Offers
                </Link>{' '}
                or in{' '}
                <Link
                  component={RouterLink}
                  to={`/messages?user=${sentOffer.seller.id}&product=${sentOffer.product.id}`}
                  color="inherit"
                  underline="always"
                  sx={{ fontWeight: 700 }}
                >
                  your conversation
                </Link>
                .
              </Alert>
            )}
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary', mt: 2 }}>
              <LockOutlined sx={{ fontSize: 18 }} aria-hidden />
              <Typography variant="body2">One secure payment. Covered by buyer protection.</Typography>
            </Stack>
          </Card>
        </Grid>
      </Grid>
    </Container>
  );
}

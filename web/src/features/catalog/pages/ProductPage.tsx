import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import ShareRounded from '@mui/icons-material/ShareRounded';
import ShoppingBagRounded from '@mui/icons-material/ShoppingBagRounded';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { asApiError } from '../../../api/api';
import { useDeleteProductMutation, useGetProductQuery } from '../../../api/catalogApi';
import { ConditionChip } from '../../../components/ConditionChip';
import { CustomsChip } from '../../../components/CustomsChip';
import { EmptyState } from '../../../components/EmptyState';
import { FavoriteButton } from '../../../components/FavoriteButton';
import { ProductMeta } from '../../../components/ProductMeta';
import { useToast } from '../../../hooks/useToast';
import { formatMoney } from '../../../utils/money';
import { useAppDispatch } from '../../../app/hooks';
import { openAuthDialog } from '../../auth/authDialogSlice';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { ReportButton } from '../../moderation/components/ReportButton';
import { ContactSellerForm } from '../../messages/components/ContactSellerForm';
import { MakeOfferButton } from '../../offers/components/MakeOfferButton';
import { OfferToFavouritesButton } from '../../offers/components/OfferToFavouritesButton';
import { ProductDetailsList } from '../components/ProductDetailsList';
import { ProductGallery } from '../components/ProductGallery';
import { ProductPageSkeleton } from '../components/ProductPageSkeleton';
import { SellerCard } from '../components/SellerCard';
import { SoldNotice } from '../components/SoldNotice';
import { ReservationNotice } from '../components/ReservationNotice';
import { isReservedNow } from '../../../utils/time';
import { AwayNotice } from '../components/AwayNotice';
import { AddToBundleButton, BundleOfferNotice } from '../../bundle/components/AddToBundle';
import { DeliveryNotice } from '../../customs/DeliveryNotice';
import { CustomsPanel, OriginBadge } from '../../customs/OriginPanel';
import { useShareProduct } from '../hooks/useShareProduct';
import { useHydratedValue } from '../../../hooks/useHydrated';
import { useReplayFirstTap } from '../../../hooks/useReplayFirstTap';

export default function ProductPage() {
  const { id = '' } = useParams();
  const { data: product, isLoading, error } = useGetProductQuery(id);
  const { user: sessionUser } = useCurrentUser();
  const [deleteProduct, { isLoading: isDeleting }] = useDeleteProductMutation();
  const navigate = useNavigate();
  const toast = useToast();
  const share = useShareProduct();
  const dispatch = useAppDispatch();
  // The gateway renders the page as a guest sees it, and hydration must render exactly that: the session (read while
  // the page's chunk loads) would otherwise swap the guest's buttons and heart for the person's mid-hydration, which
  // React refuses (error #418). The person's own page is the render right after.
  const user = useHydratedValue(sessionUser, null);
  // The same for the person's heart and for a reservation's end in the visitor's time zone.
  const favorited = useHydratedValue(Boolean(product?.isFavorited), false);
  const showReservationTime = useHydratedValue(Boolean(product?.reservedUntil), false);
  useReplayFirstTap();

  const backLink = (
    <Link
      component={RouterLink}
      to="/"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary', fontWeight: 600, mb: 3 }}
    >
      <ArrowBackRounded fontSize="small" aria-hidden /> Back to Browse
    </Link>
  );

  if (isLoading) {
    return (
      <Container maxWidth="lg" sx={{ py: 4 }}>
        {backLink}
        <ProductPageSkeleton />
      </Container>
    );
  }

  const apiError = asApiError(error);
  if (!product) {
    return (
      <Container maxWidth="sm" sx={{ py: 8 }}>
        {apiError && apiError.status !== 404 ? (
          <Alert severity="error" sx={{ mb: 3 }}>
            {apiError.message}
          </Alert>
        ) : null}
        <EmptyState
          headingLevel="h1"
          icon={<SearchOffRounded />}
          title="Product not found"
          description="This souvenir may have been sold or removed."
          action={
            <Button component={RouterLink} to="/" variant="contained">
              Back to Browse
            </Button>
          }
        />
      </Container>
    );
  }

  const isOwner = user?.id === product.seller.id;
  // A sold item is only shown: nobody can buy, favourite or ask about it, and its owner can no longer remove it.
  const isSold = product.status === 'sold';
  // Reserved for one buyer: everyone sees it, only that buyer may buy (the server refuses anyone else too).
  const reservedUntil = !isSold && isReservedNow(product.reservedUntil) ? product.reservedUntil : null;
  const reservedViewer = isOwner ? 'seller' : user && product.reservedFor?.id === user.id ? 'buyer' : 'other';
  const reservedForOther = reservedUntil !== null && reservedViewer === 'other';
  // Away mode: the item stays on show, but nobody can buy it until the seller's return date.
  const awayUntil = isSold ? undefined : product.seller.awayUntil;

  const remove = async () => {
    try {
      await deleteProduct(product.id).unwrap();
      toast({ title: 'Product deleted successfully', description: 'Your listing has been removed' });
      navigate('/');
    } catch (err) {
      toast({
        title: 'Failed to delete product',
        description: asApiError(err)?.serverMessage ?? 'An error occurred',
        variant: 'error',
      });
    }
  };

  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      {backLink}
      <Grid container spacing={{ xs: 4, md: 6 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ProductGallery images={product.images} title={product.title} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={2.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary', mr: 1 }}>
                <PlaceOutlined fontSize="small" aria-hidden />
                <Typography sx={{ fontWeight: 600 }}>{product.country}</Typography>
              </Stack>
              {product.isCustomsVerified && <CustomsChip verified />}
              <OriginBadge level={product.originLevel} />
              {isSold && (
                <Chip
                  label="Sold"
                  size="small"
                  sx={{ fontWeight: 800, letterSpacing: 0.5, bgcolor: 'grey.900', color: 'common.white' }}
                />
              )}
              {reservedUntil && (
                <Chip
                  label="Reserved"
                  size="small"
                  sx={{ fontWeight: 800, letterSpacing: 0.5, bgcolor: 'secondary.dark', color: 'common.white' }}
                />
              )}
            </Stack>
            <Typography variant="h2" component="h1">
              {product.title}
            </Typography>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline' }}>
              <Typography sx={{ fontSize: '2rem', fontWeight: 800, color: 'primary.dark' }}>
                {formatMoney(product.price)}
              </Typography>
              {product.previousPrice ? (
                <Typography
                  sx={{ fontSize: '1.2rem', color: 'text.secondary', textDecoration: 'line-through' }}
                  aria-label={`Was ${formatMoney(product.previousPrice)} before a price drop`}
                >
                  {formatMoney(product.previousPrice)}
                </Typography>
              ) : (
                product.originalPrice && (
                  <Typography
                    sx={{ fontSize: '1.2rem', color: 'text.secondary', textDecoration: 'line-through' }}
                    aria-label={`Original price ${formatMoney(product.originalPrice)}`}
                  >
                    {formatMoney(product.originalPrice)}
                  </Typography>
                )
              )}
              {product.previousPrice && (
                <Chip label="Price drop" size="small" color="success" sx={{ alignSelf: 'center', fontWeight: 700 }} />
              )}
              <ConditionChip condition={product.condition} sx={{ alignSelf: 'center' }} />
            </Stack>
            <ProductMeta seller={product.seller} shipsFrom={product.shipsFrom} />
            {!isSold && !isOwner && <DeliveryNotice shipsFrom={product.shipsFrom} />}
            {reservedUntil && (
              <Box id="reservation-notice">
                <ReservationNotice
                  product={{ ...product, reservedUntil }}
                  viewer={reservedViewer}
                  showTime={showReservationTime}
                />
              </Box>
            )}
            {awayUntil && <AwayNotice until={awayUntil} isOwner={isOwner} />}
            {!isSold && <BundleOfferNotice product={product} />}
            {isSold ? (
              <SoldNotice productId={product.id} isOwner={isOwner} signedIn={Boolean(user)} />
            ) : isOwner ? (
              <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Button
                  component={RouterLink}
                  to={`/product/${product.id}/edit`}
                  variant="contained"
                  size="large"
                  startIcon={<EditRounded />}
                >
                  Edit Listing
                </Button>
                <Button
                  variant="outlined"
                  color="error"
                  size="large"
                  startIcon={<DeleteOutlineRounded />}
                  onClick={remove}
                  disabled={isDeleting}
                >
                  {isDeleting ? 'Deleting...' : 'Remove Listing'}
                </Button>
                {product.status === 'active' && !reservedUntil && !awayUntil && (
                  <OfferToFavouritesButton product={product} />
                )}
                <Button
                  variant="text"
                  size="large"
                  startIcon={<ShareRounded />}
                  onClick={() => void share(product.title)}
                >
                  Share
                </Button>
              </Stack>
            ) : (
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                {awayUntil ? (
                  <Button variant="contained" size="large" startIcon={<ShoppingBagRounded />} sx={{ flex: 1 }} disabled>
                    Buy Now
                  </Button>
                ) : reservedForOther ? (
                  <Button
                    variant="contained"
                    size="large"
                    disabled
                    startIcon={<ShoppingBagRounded />}
                    aria-describedby="reservation-notice"
                    sx={{ flex: 1 }}
                  >
                    Reserved
                  </Button>
                ) : (
                  <Button
                    component={RouterLink}
                    to={`/checkout?product=${product.id}`}
                    variant="contained"
                    size="large"
                    startIcon={<ShoppingBagRounded />}
                    sx={{ flex: 1 }}
                  >
                    Buy Now
                  </Button>
                )}
                <FavoriteButton
                  productId={product.id}
                  favorited={favorited}
                  title={product.title}
                  sx={{ border: '1px solid', borderColor: 'divider', boxShadow: 'none' }}
                />
                <Button
                  variant="outlined"
                  size="large"
                  startIcon={<ShareRounded />}
                  onClick={() => void share(product.title)}
                >
                  Share
                </Button>
              </Stack>
            )}
            {!isOwner && !isSold && !awayUntil && !reservedForOther && (
              <Box sx={{ display: 'flex' }}>
                <AddToBundleButton product={product} />
              </Box>
            )}
            {user && !isOwner && !isSold && (
              <Box>
                <MakeOfferButton product={product} />
              </Box>
            )}
            {user && !isOwner && (
              <Box>
                <ReportButton
                  subjectType="product"
                  subjectId={product.id}
                  subjectLabel={`the listing “${product.title}”`}
                  label="Report this listing"
                  size="small"
                />
              </Box>
            )}
            <SellerCard
              seller={product.seller}
              contact={
                isOwner || isSold ? undefined : user ? (
                  <ContactSellerForm sellerId={product.seller.id} productId={product.id} />
                ) : (
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                    <Typography sx={{ color: 'text.secondary', flex: 1 }}>
                      Please log in to contact the seller
                    </Typography>
                    <Button variant="outlined" onClick={() => dispatch(openAuthDialog('signIn'))}>
                      Sign In
                    </Button>
                  </Stack>
                )
              }
            />
            <Card sx={{ p: 2.5 }}>
              <Typography variant="h6" component="h2">
                Description
              </Typography>
              <Typography sx={{ mt: 1, whiteSpace: 'pre-line', color: 'text.secondary' }}>
                {product.description}
              </Typography>
              <Divider sx={{ my: 2.5 }} />
              <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
                Details
              </Typography>
              <ProductDetailsList product={product} />
            </Card>
            <CustomsPanel product={product} />
            <Box />
          </Stack>
        </Grid>
      </Grid>
    </Container>
  );
}

import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import CheckRounded from '@mui/icons-material/CheckRounded';
import LocalMallOutlined from '@mui/icons-material/LocalMallOutlined';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useToast } from '../../../hooks/useToast';
import { useHydratedValue } from '../../../hooks/useHydrated';
import type { ProductDto } from '@souvenir/contracts';
import { BUNDLE_MAX_ITEMS } from '../bundleContract';
import { addedToBundle, bundleStartedWith, refusalToAdd, selectBundle, type AddToBundle } from '../bundleSlice';
import { bundleNeedText, bundleOfferText } from '../bundleText';

/** "Buy 2+ from this seller, save 10 %" on an item whose seller gives a bundle discount. */
export function BundleOfferNotice({ product }: { product: ProductDto }) {
  const discount = product.seller.bundleDiscount;
  if (!discount || discount.percent <= 0) return null;
  return (
    <Alert severity="success" icon={<LocalMallOutlined />} sx={{ py: 0.25 }}>
      {bundleOfferText(discount)}
    </Alert>
  );
}

const sellerName = (product: ProductDto) =>
  `${product.seller.firstName} ${product.seller.lastName}`.trim() || 'this seller';

/**
 * "Add to bundle" on an item's page: items of one seller go in one payment and one parcel, with the seller's bundle
 * discount when there is one. An item of another seller asks before starting a new bundle. What is in the bundle is
 * known in the browser only: the server-rendered page (and its hydration) shows "Add to bundle", the render after it
 * "In your bundle".
 */
export function AddToBundleButton({ product }: { product: ProductDto }) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const bundle = useAppSelector(selectBundle);
  const inBundle = useHydratedValue(
    bundle.items.some((item) => item.id === product.id),
    false,
  );
  const [asking, setAsking] = useState(false);

  const addition: AddToBundle = {
    item: { id: product.id, title: product.title, image: product.images[0] ?? null, price: product.price },
    seller: { id: product.seller.id, name: sellerName(product) },
    discount: product.seller.bundleDiscount?.percent ? product.seller.bundleDiscount : null,
  };

  const added = (count: number) => {
    const need = bundleNeedText(count, addition.discount);
    toast({
      title: 'Added to your bundle',
      description: `${count} ${count === 1 ? 'item' : 'items'} from ${addition.seller.name}.${need ? ` ${need}.` : ''}`,
      variant: 'success',
    });
  };

  const add = () => {
    const refusal = refusalToAdd(bundle, product.seller.id, product.id);
    if (refusal === 'otherSeller') return setAsking(true);
    if (refusal === 'full') {
      toast({
        title: 'Your bundle is full',
        description: `A bundle holds at most ${BUNDLE_MAX_ITEMS} items.`,
        variant: 'error',
      });
      return;
    }
    dispatch(addedToBundle(addition));
    added(bundle.items.length + 1);
  };

  const startNew = () => {
    dispatch(bundleStartedWith(addition));
    setAsking(false);
    added(1);
  };

  return (
    <>
      {inBundle ? (
        <Button
          component={RouterLink}
          to="/bundle"
          variant="outlined"
          size="large"
          startIcon={<CheckRounded />}
          sx={{ flex: { xs: 1, sm: 'none' } }}
        >
          In your bundle
        </Button>
      ) : (
        <Button
          variant="outlined"
          size="large"
          startIcon={<LocalMallOutlined />}
          onClick={add}
          // Named as it reads: a tap before hydration is replayed on the control of this name when a signed-in
          // person's page is rendered anew instead of hydrated (web/scripts/first-tap.js).
          aria-label="Add to bundle"
          sx={{ flex: { xs: 1, sm: 'none' } }}
        >
          Add to bundle
        </Button>
      )}
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="new-bundle-title">
        <DialogTitle id="new-bundle-title">Start a new bundle?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Your bundle holds {bundle.items.length} {bundle.items.length === 1 ? 'item' : 'items'} from{' '}
            {bundle.seller?.name}. A bundle is one parcel from one seller: starting a new one with this item empties it.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>Keep my bundle</Button>
          <Button onClick={startNew} variant="contained">
            Start a new bundle
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

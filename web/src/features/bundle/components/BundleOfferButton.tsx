import Button from '@mui/material/Button';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import type { OfferDto } from '@souvenir/contracts';
import { asApiError } from '../../../api/api';
import { useAppDispatch } from '../../../app/hooks';
import { formatMoney } from '../../../utils/money';
import { openAuthDialog } from '../../auth/authDialogSlice';
import { minimumOffer } from '../../offers/offerAmounts';
import { useMakeOfferMutation } from '../../offers/offersApi';
import { OfferAmountButton } from '../../offers/components/OfferAmountButton';

interface Props {
  /** The bundle's items in its order: the first leads (the offer lives in the conversation about it). */
  ids: string[];
  /** The bundle's price after the seller's discount, as bundlePrice() gives it and the server bounds the offer by. */
  price: string;
  sellerName: string;
  signedIn: boolean;
  disabled: boolean;
  onSent: (offer: OfferDto) => void;
  /** The server found an item gone or changed (409): the page reads the items again to show which. */
  onStale: () => void;
}

/**
 * "Make an offer" on the whole bundle: one amount for all its items, between half the bundle's price and all of it.
 * A guest is asked to sign in first, as for an offer on one item.
 */
export function BundleOfferButton({ ids, price, sellerName, signedIn, disabled, onSent, onStale }: Props) {
  const [makeOffer, { isLoading }] = useMakeOfferMutation();
  const dispatch = useAppDispatch();
  if (!signedIn) {
    return (
      <Button
        variant="outlined"
        size="large"
        fullWidth
        startIcon={<LocalOfferOutlined />}
        disabled={disabled}
        onClick={() => dispatch(openAuthDialog('signIn'))}
      >
        Make an offer
      </Button>
    );
  }
  return (
    <OfferAmountButton
      price={price}
      label="Make an offer"
      icon={<LocalOfferOutlined />}
      description={`Bundle price ${formatMoney(price)} for these ${ids.length} items from ${sellerName}. At least ${formatMoney(minimumOffer(price))}: one amount for all of them, which the seller may accept, decline or counter within 48 hours.`}
      busy={isLoading}
      fullWidth
      disabled={disabled}
      send={async (amount) => {
        const offer = await makeOffer({ productId: ids[0]!, productIds: ids, amount })
          .unwrap()
          .catch((error: unknown) => {
            if (asApiError(error)?.status === 409) onStale();
            throw error;
          });
        onSent(offer);
        return {
          title: 'Offer sent',
          description: `The seller has 48 hours to answer your offer of ${formatMoney(amount)} for the ${ids.length} items. Follow it under Offers.`,
          variant: 'success',
        };
      }}
    />
  );
}

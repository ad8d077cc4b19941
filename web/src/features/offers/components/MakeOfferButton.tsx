import { useState } from 'react';
import Button from '@mui/material/Button';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import type { ProductDto } from '@souvenir/contracts';
import { asApiError } from '../../../api/api';
import { useToast } from '../../../hooks/useToast';
import { formatMoney } from '../../../utils/money';
import { useMakeOfferMutation } from '../offersApi';
import { minimumOffer } from '../offerAmounts';
import { OfferAmountDialog } from './OfferAmountDialog';

/** "Make an offer" on an item's page (signed-in buyers, not the seller): the dialog, then a toast linking to Offers. */
export function MakeOfferButton({ product }: { product: ProductDto }) {
  const [open, setOpen] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [makeOffer, { isLoading }] = useMakeOfferMutation();
  const toast = useToast();

  const submit = async (amount: string) => {
    setServerError(null);
    try {
      await makeOffer({ productId: product.id, amount }).unwrap();
      setOpen(false);
      toast({
        title: 'Offer sent',
        description: `The seller has 48 hours to answer your offer of ${formatMoney(amount)}. Follow it under Offers.`,
        variant: 'success',
      });
    } catch (error) {
      const apiError = asApiError(error);
      // Amounts are answered in the field; anything else (too many offers, a block) as a toast.
      if (apiError?.status === 400) setServerError(apiError.serverMessage);
      else {
        setOpen(false);
        toast({ title: 'Error', description: apiError?.serverMessage ?? 'An error occurred', variant: 'error' });
      }
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        size="large"
        startIcon={<LocalOfferOutlined />}
        onClick={() => {
          setServerError(null);
          setOpen(true);
        }}
      >
        Make an offer
      </Button>
      <OfferAmountDialog
        open={open}
        title="Make an offer"
        price={product.price}
        description={`${product.title} is listed at ${formatMoney(product.price)}. Offer at least ${formatMoney(minimumOffer(product.price))}; the seller may accept, decline or counter within 48 hours.`}
        submitLabel="Send offer"
        busy={isLoading}
        serverError={serverError}
        onSubmit={(amount) => void submit(amount)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

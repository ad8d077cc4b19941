import { useState } from 'react';
import Button from '@mui/material/Button';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import type { ProductDto } from '@souvenir/contracts';
import { asApiError } from '../../../api/api';
import { useToast } from '../../../hooks/useToast';
import { formatMoney } from '../../../utils/money';
import { minimumOffer } from '../offerAmounts';
import { useOfferToFavouritesMutation } from '../offersApi';
import { OfferAmountDialog } from './OfferAmountDialog';

/**
 * The seller's "Offer to favouriters" on their item's page: one amount for everyone who favourited it, 48 hours to
 * answer; the toast says how many got it. Once a day per item (the server's sentence otherwise).
 */
export function OfferToFavouritesButton({ product }: { product: ProductDto }) {
  const [open, setOpen] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [send, { isLoading }] = useOfferToFavouritesMutation();
  const toast = useToast();

  const submit = async (amount: string) => {
    setServerError(null);
    try {
      const { sent } = await send({ productId: product.id, amount }).unwrap();
      setOpen(false);
      toast({
        title: sent ? 'Offer sent' : 'Nobody to send it to',
        description: sent
          ? `${sent} ${sent === 1 ? 'person who favourited' : 'people who favourited'} ${product.title} can buy it for ${formatMoney(amount)} within 48 hours. Follow it under Offers.`
          : 'Nobody who favourited this item can get an offer now.',
        variant: sent ? 'success' : 'info',
      });
    } catch (error) {
      const apiError = asApiError(error);
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
        startIcon={<FavoriteBorderRounded />}
        onClick={() => {
          setServerError(null);
          setOpen(true);
        }}
      >
        Offer to favouriters
      </Button>
      <OfferAmountDialog
        open={open}
        title="Offer to favouriters"
        price={product.price}
        description={`Everyone who favourited ${product.title} (listed at ${formatMoney(product.price)}) gets this offer and has 48 hours to accept it. Offer at least ${formatMoney(minimumOffer(product.price))}.`}
        submitLabel="Send offer"
        busy={isLoading}
        serverError={serverError}
        onSubmit={(amount) => void submit(amount)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

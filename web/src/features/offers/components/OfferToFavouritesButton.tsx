import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import type { ProductDto } from '@souvenir/contracts';
import { formatMoney } from '../../../utils/money';
import { minimumOffer } from '../offerAmounts';
import { useOfferToFavouritesMutation } from '../offersApi';
import { OfferAmountButton } from './OfferAmountButton';

/**
 * The seller's "Offer to favouriters" on their item's page: one amount for everyone who favourited it, 48 hours to
 * answer; the toast says how many got it. Once a day per item (the server's sentence otherwise).
 */
export function OfferToFavouritesButton({ product }: { product: ProductDto }) {
  const [send, { isLoading }] = useOfferToFavouritesMutation();
  return (
    <OfferAmountButton
      price={product.price}
      label="Offer to favouriters"
      icon={<FavoriteBorderRounded />}
      description={`Everyone who favourited ${product.title} (listed at ${formatMoney(product.price)}) gets this offer and has 48 hours to accept it. Offer at least ${formatMoney(minimumOffer(product.price))}.`}
      busy={isLoading}
      send={async (amount) => {
        const { sent } = await send({ productId: product.id, amount }).unwrap();
        return {
          title: sent ? 'Offer sent' : 'Nobody to send it to',
          description: sent
            ? `${sent} ${sent === 1 ? 'person who favourited' : 'people who favourited'} ${product.title} can buy it for ${formatMoney(amount)} within 48 hours. Follow it under Offers.`
            : 'Nobody who favourited this item can get an offer now.',
          variant: sent ? 'success' : 'info',
        };
      }}
    />
  );
}

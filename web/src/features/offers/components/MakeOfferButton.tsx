import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import type { ProductDto } from '@souvenir/contracts';
import { formatMoney } from '../../../utils/money';
import { useMakeOfferMutation } from '../offersApi';
import { minimumOffer } from '../offerAmounts';
import { OfferAmountButton } from './OfferAmountButton';

/** "Make an offer" on an item's page (signed-in buyers, not the seller): the dialog, then a toast linking to Offers. */
export function MakeOfferButton({ product }: { product: ProductDto }) {
  const [makeOffer, { isLoading }] = useMakeOfferMutation();
  return (
    <OfferAmountButton
      price={product.price}
      label="Make an offer"
      icon={<LocalOfferOutlined />}
      description={`${product.title} is listed at ${formatMoney(product.price)}. Offer at least ${formatMoney(minimumOffer(product.price))}; the seller may accept, decline or counter within 48 hours.`}
      busy={isLoading}
      send={async (amount) => {
        await makeOffer({ productId: product.id, amount }).unwrap();
        return {
          title: 'Offer sent',
          description: `The seller has 48 hours to answer your offer of ${formatMoney(amount)}. Follow it under Offers.`,
          variant: 'success',
        };
      }}
    />
  );
}

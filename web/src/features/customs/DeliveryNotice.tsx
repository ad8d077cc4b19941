import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { crossBorderMessage } from '@souvenir/contracts';
import { ShopperCountrySelect } from './ShopperCountrySelect';
import { useShopperCountry } from './useShopperCountry';

/**
 * The product page's word, before Buy Now, that the item cannot reach the shopper: delivery is domestic,
 * and the shopper said (or their browser says) they are elsewhere. They can correct where they are right here.
 */
export function DeliveryNotice({ shipsFrom }: { shipsFrom: string | null | undefined }) {
  const { country } = useShopperCountry();
  if (!shipsFrom || !country || country === shipsFrom) return null;
  return (
    <Alert severity="warning" data-testid="delivery-notice">
      {crossBorderMessage(shipsFrom, country)}
      <Box sx={{ mt: 1.5, maxWidth: 260 }}>
        <ShopperCountrySelect />
      </Box>
    </Alert>
  );
}

import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import type { SellerDto } from '@souvenir/contracts';
import { SellerRating } from './SellerRating';

/**
 * The rating and shipping line of product cards: the seller's real rating (or "New seller"), and free shipping within
 * the country it ships from (delivery is domestic, and a buyer should know before typing an address).
 */
export function ProductMeta({ seller, shipsFrom }: { seller: Pick<SellerDto, 'rating'>; shipsFrom?: string | null }) {
  return (
    <Stack
      direction="row"
      spacing={1.5}
      useFlexGap
      sx={{ alignItems: 'center', color: 'text.secondary', flexWrap: 'wrap', rowGap: 0.5 }}
    >
      <SellerRating rating={seller.rating ?? null} />
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <LocalShippingOutlined sx={{ fontSize: 18 }} aria-hidden />
        <Typography variant="body2" data-testid="ships-within">
          {shipsFrom ? `Free shipping within ${shipsFrom}` : 'Free shipping'}
        </Typography>
      </Stack>
    </Stack>
  );
}

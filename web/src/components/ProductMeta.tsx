import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import type { SellerDto } from '@souvenir/contracts';
import { SellerRating } from './SellerRating';

/** The rating and shipping line of product cards: the seller's real rating (or "New seller"), free shipping. */
export function ProductMeta({ seller }: { seller: Pick<SellerDto, 'rating'> }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      <SellerRating rating={seller.rating ?? null} />
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <LocalShippingOutlined sx={{ fontSize: 18 }} aria-hidden />
        <Typography variant="body2">Free shipping</Typography>
      </Stack>
    </Stack>
  );
}

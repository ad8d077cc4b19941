import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OfferDto } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';
import { ProductImage } from '../../../components/ProductImage';
import { formatMoney } from '../../../utils/money';
import { offerItems, offerSubject } from '../offerText';

/**
 * The items of an offer on a bundle, each a small photo, its title (to its page) and its own price: what the buyer
 * would get for the one amount. Long titles end in an ellipsis so a phone's card keeps one line per item.
 */
export function OfferItems({ offer }: { offer: OfferDto }) {
  return (
    <Stack
      component="ul"
      spacing={0.75}
      sx={{ m: 0, p: 0, minWidth: 0 }}
      aria-label={`Items of ${offerSubject(offer)}`}
    >
      {offerItems(offer).map((item) => (
        <Stack
          key={item.id}
          component="li"
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', listStyle: 'none', minWidth: 0 }}
        >
          <Box sx={{ width: 28, height: 28, borderRadius: 1, overflow: 'hidden', flexShrink: 0 }}>
            <ProductImage src={item.image} alt="" sizes="28px" />
          </Box>
          <Link
            component={RouterLink}
            to={`/product/${item.id}`}
            variant="body2"
            color="inherit"
            underline="hover"
            sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {item.title}
          </Link>
          <Typography variant="body2" sx={{ color: 'text.secondary', flexShrink: 0 }}>
            {formatMoney(item.price)}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import StarRounded from '@mui/icons-material/StarRounded';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';

/** The fixed rating and shipping line of product cards (hard-coded by the spec). */
export function ProductMeta() {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center' }}>
        <StarRounded sx={{ fontSize: 18, color: 'brand.star' }} aria-hidden />
        <Typography variant="body2">4.8 (23)</Typography>
      </Stack>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <LocalShippingOutlined sx={{ fontSize: 18 }} aria-hidden />
        <Typography variant="body2">Free shipping</Typography>
      </Stack>
    </Stack>
  );
}

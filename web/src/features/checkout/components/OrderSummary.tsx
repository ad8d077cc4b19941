import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import type { ProductDto } from '@souvenir/contracts';
import { ConditionChip } from '../../../components/ConditionChip';
import { CustomsChip } from '../../../components/CustomsChip';
import { ProductImage } from '../../../components/ProductImage';
import { formatMoney } from '../../../utils/money';

// A total's row draws its own rule: a list of terms (dl) may only hold dt/dd groups, not an <hr>.
function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack
      direction="row"
      sx={{
        justifyContent: 'space-between',
        alignItems: 'baseline',
        ...(strong && { borderTop: '1px solid', borderColor: 'divider', pt: 1.25 }),
      }}
    >
      <Typography
        component="dt"
        sx={{
          color: strong ? 'text.primary' : 'text.secondary',
          fontWeight: strong ? 800 : 500,
          fontSize: strong ? '1.1rem' : undefined,
        }}
      >
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{
          m: 0,
          fontWeight: strong ? 800 : 600,
          fontSize: strong ? '1.25rem' : undefined,
          color: strong ? 'primary.dark' : 'text.primary',
        }}
      >
        {value}
      </Typography>
    </Stack>
  );
}

/**
 * The item, its price, the $0.00 processing fee and the total (= price), spec section 9. With `agreedPrice` (an accepted
 * offer) the agreed price has a row of its own and is the total.
 */
export function OrderSummary({ product, agreedPrice }: { product: ProductDto; agreedPrice?: string }) {
  return (
    <Card
      component="section"
      aria-labelledby="order-summary-heading"
      sx={{ p: { xs: 2.5, md: 3 }, position: { md: 'sticky' }, top: { md: 96 } }}
    >
      <Typography id="order-summary-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
        Order Summary
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ width: 88, height: 88, flexShrink: 0, borderRadius: 2, overflow: 'hidden' }}>
          <ProductImage src={product.images[0]} alt={product.title} loading="eager" />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700, lineHeight: 1.3 }}>{product.title}</Typography>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary', mt: 0.5 }}>
            <PlaceOutlined sx={{ fontSize: 16 }} aria-hidden />
            <Typography variant="body2">{product.country}</Typography>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
            <ConditionChip condition={product.condition} />
            {product.isCustomsVerified && <CustomsChip verified />}
          </Stack>
        </Box>
      </Stack>
      <Divider sx={{ my: 2.5 }} />
      <Stack component="dl" spacing={1.25} sx={{ m: 0 }}>
        <Row label="Item price" value={formatMoney(product.price)} />
        {agreedPrice && <Row label="Your accepted offer" value={formatMoney(agreedPrice)} />}
        <Row label="Processing fee" value={formatMoney(0)} />
        <Row label="Shipping" value="Free" />
        <Row label="Total" value={formatMoney(agreedPrice ?? product.price)} strong />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary', mt: 2.5 }}>
        <LockOutlined sx={{ fontSize: 18 }} aria-hidden />
        <Typography variant="body2">Secure payment. Covered by buyer protection.</Typography>
      </Stack>
    </Card>
  );
}

export function OrderSummarySkeleton() {
  return (
    <Card sx={{ p: 3 }} aria-busy="true" aria-label="Loading order summary">
      <Skeleton width="50%" height={32} />
      <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
        <Skeleton variant="rounded" width={88} height={88} />
        <Box sx={{ flex: 1 }}>
          <Skeleton width="90%" />
          <Skeleton width="40%" />
        </Box>
      </Stack>
      <Skeleton sx={{ mt: 3 }} />
      <Skeleton />
      <Skeleton height={40} />
    </Card>
  );
}

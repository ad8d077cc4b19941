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
import type { BundleDiscountDto, BundlePrice } from '../../bundle/bundleContract';
import { PriceRow } from '../../bundle/components/PriceRows';

/** One item of the summary: its photo, title, where it is from, its condition and, in a bundle, its price. */
function ItemLine({ product, showPrice, size }: { product: ProductDto; showPrice: boolean; size: number }) {
  return (
    <Stack component="li" direction="row" spacing={2} sx={{ alignItems: 'flex-start', listStyle: 'none' }}>
      <Box sx={{ width: size, height: size, flexShrink: 0, borderRadius: 2, overflow: 'hidden' }}>
        <ProductImage src={product.images[0]} alt={product.title} loading="eager" />
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere' }}>{product.title}</Typography>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary', mt: 0.5 }}>
          <PlaceOutlined sx={{ fontSize: 16 }} aria-hidden />
          <Typography variant="body2">{product.country}</Typography>
        </Stack>
        {!showPrice && (
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
            <ConditionChip condition={product.condition} />
            {product.isCustomsVerified && <CustomsChip verified />}
          </Stack>
        )}
      </Box>
      {showPrice && <Typography sx={{ fontWeight: 700, flexShrink: 0 }}>{formatMoney(product.price)}</Typography>}
    </Stack>
  );
}

interface Props {
  /** The item, or a bundle's items (one seller, one parcel). */
  items: ProductDto[];
  /** An accepted offer's price (on the item or the bundle): it has a row of its own and is the total. */
  agreedPrice?: string;
  /** A bundle's price as bundlePrice() computed it: what the server charges. */
  price?: BundlePrice;
  /** The seller's bundle discount, named beside its amount. */
  discount?: BundleDiscountDto;
}

/**
 * The item, its price, the $0.00 processing fee and the total (= price), spec section 9. With `agreedPrice` (an accepted
 * offer) the agreed price has a row of its own and is the total. A bundle lists every item with its price, then the
 * subtotal, the bundle discount (or the accepted offer) and the total.
 */
export function OrderSummary({ items, agreedPrice, price, discount }: Props) {
  const bundle = items.length > 1 && price;
  return (
    <Card
      component="section"
      aria-labelledby="order-summary-heading"
      sx={{ p: { xs: 2.5, md: 3 }, position: { md: 'sticky' }, top: { md: 96 } }}
    >
      <Typography id="order-summary-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
        Order Summary
      </Typography>
      <Stack
        component="ul"
        spacing={1.5}
        sx={{ m: 0, p: 0 }}
        aria-label={bundle ? `${items.length} items, one parcel` : undefined}
      >
        {items.map((item) => (
          <ItemLine key={item.id} product={item} showPrice={Boolean(bundle)} size={bundle ? 56 : 88} />
        ))}
      </Stack>
      <Divider sx={{ my: 2.5 }} />
      <Stack component="dl" spacing={1.25} sx={{ m: 0 }}>
        {bundle ? (
          <>
            <PriceRow label={`Subtotal (${items.length} items)`} value={formatMoney(price.subtotal)} />
            {/* The agreed amount replaces the seller's discount: it was bounded by the discounted price already. */}
            {agreedPrice ? (
              <PriceRow label="Your accepted offer" value={formatMoney(agreedPrice)} />
            ) : (
              Number(price.discount) > 0 && (
                <PriceRow
                  label={discount ? `Bundle discount (${discount.percent} %)` : 'Bundle discount'}
                  value={`−${formatMoney(price.discount)}`}
                  tone="saving"
                />
              )
            )}
            <PriceRow label="Processing fee" value={formatMoney(0)} />
            <PriceRow label="Shipping" value="Free" />
            <PriceRow label="Total" value={formatMoney(agreedPrice ?? price.total)} strong />
          </>
        ) : (
          <>
            <PriceRow label="Item price" value={formatMoney(items[0]!.price)} />
            {agreedPrice && <PriceRow label="Your accepted offer" value={formatMoney(agreedPrice)} />}
            <PriceRow label="Processing fee" value={formatMoney(0)} />
            <PriceRow label="Shipping" value="Free" />
            <PriceRow label="Total" value={formatMoney(agreedPrice ?? items[0]!.price)} strong />
          </>
        )}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary', mt: 2.5 }}>
        <LockOutlined sx={{ fontSize: 18 }} aria-hidden />
        <Typography variant="body2">
          {bundle ? 'One secure payment, one parcel.' : 'Secure payment.'} Covered by buyer protection.
        </Typography>
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

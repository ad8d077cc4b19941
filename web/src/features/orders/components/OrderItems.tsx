import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ProductImage } from '../../../components/ProductImage';
import { formatMoney } from '../../../utils/money';
import type { OrderDetailDto } from '@souvenir/contracts';
import { orderItems } from '../../bundle/bundleContract';
import { PriceRow } from '../../bundle/components/PriceRows';

/**
 * Every item of the order (a bundle holds several, in one parcel), each with its price and whether it was refunded,
 * then what the items cost, the bundle discount or an accepted offer's, what was paid and what went back to the buyer.
 */
export function OrderItems({ order }: { order: OrderDetailDto }) {
  const items = orderItems(order);
  const cents = (amount: string | undefined) => Math.round(Number(amount ?? 0) * 100);
  const subtotalCents = items.reduce((sum, item) => sum + cents(item.price), 0);
  const subtotal = subtotalCents / 100;
  const hasDiscount = Boolean(order.discount && Number(order.discount) > 0);
  // Items keep their listed prices; what an accepted offer took off is what the discount does not explain.
  const offerOff = (subtotalCents - cents(order.discount) - cents(order.amount)) / 100;
  return (
    <>
      <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }} aria-label="Items of this order">
        {items.map((item) => (
          <Stack
            component="li"
            key={item.id}
            direction="row"
            spacing={2}
            sx={{ alignItems: 'center', listStyle: 'none' }}
          >
            <Box
              sx={{
                width: 56,
                height: 56,
                borderRadius: 2,
                overflow: 'hidden',
                flexShrink: 0,
                opacity: item.refunded ? 0.6 : 1,
              }}
            >
              <ProductImage src={item.image} alt="" />
            </Box>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Link
                component={RouterLink}
                to={`/product/${item.id}`}
                sx={{ fontWeight: 700, color: 'text.primary', overflowWrap: 'anywhere' }}
              >
                {item.title}
              </Link>
              {item.refunded && (
                <Box>
                  <Chip label="Refunded" size="small" color="info" sx={{ mt: 0.5, fontWeight: 700 }} />
                </Box>
              )}
            </Box>
            <Typography sx={{ fontWeight: 700, flexShrink: 0 }}>{formatMoney(item.price)}</Typography>
          </Stack>
        ))}
      </Stack>
      <Stack component="dl" spacing={1} sx={{ m: 0, mt: 2 }}>
        {(hasDiscount || offerOff > 0) && <PriceRow label={`Items (${items.length})`} value={formatMoney(subtotal)} />}
        {hasDiscount && <PriceRow label="Bundle discount" value={`−${formatMoney(order.discount)}`} tone="saving" />}
        {offerOff > 0 && <PriceRow label="Offer discount" value={`−${formatMoney(offerOff)}`} tone="saving" />}
        <PriceRow label="Paid" value={formatMoney(order.amount)} strong />
        {order.refundedAmount && Number(order.refundedAmount) > 0 && (
          <PriceRow label="Refunded to the buyer" value={formatMoney(order.refundedAmount)} />
        )}
      </Stack>
    </>
  );
}

import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../../../utils/money';
import type { BundlePrice } from '../bundleContract';

// A total's row draws its own rule: a list of terms (dl) may only hold dt/dd groups, not an <hr>.
export function PriceRow({
  label,
  value,
  strong,
  tone,
}: {
  label: string;
  value: string;
  strong?: boolean;
  tone?: 'saving';
}) {
  return (
    <Stack
      direction="row"
      spacing={2}
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
          color: strong ? 'primary.dark' : tone === 'saving' ? 'success.dark' : 'text.primary',
          whiteSpace: 'nowrap',
        }}
      >
        {value}
      </Typography>
    </Stack>
  );
}

/** A bundle's subtotal, its discount (when it applies), free shipping and the total, as bundlePrice() computed them. */
export function PriceRows({ count, price, percent }: { count: number; price: BundlePrice; percent?: number }) {
  return (
    <Stack component="dl" spacing={1.25} sx={{ m: 0 }}>
      <PriceRow label={`Subtotal (${count} ${count === 1 ? 'item' : 'items'})`} value={formatMoney(price.subtotal)} />
      {percent !== undefined && Number(price.discount) > 0 && (
        <PriceRow label={`Bundle discount (${percent} %)`} value={`−${formatMoney(price.discount)}`} tone="saving" />
      )}
      <PriceRow label="Shipping" value="Free" />
      <PriceRow label="Total" value={formatMoney(price.total)} strong />
    </Stack>
  );
}

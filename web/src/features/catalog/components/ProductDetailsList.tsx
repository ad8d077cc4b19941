import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ProductDto } from '@souvenir/contracts';
import { shortDate } from '../../../utils/time';

const conditionLabels: Record<string, string> = { new: 'New', 'like-new': 'Like New', good: 'Good' };

/** Country, condition, category, listed date and what the seller declared about customs (never "Pending" where nothing is pending). */
export function ProductDetailsList({ product }: { product: ProductDto }) {
  const rows: [string, string][] = [
    ['Country', product.country],
    ['Condition', conditionLabels[product.condition] ?? product.condition],
    ['Category', product.category],
    ['Listed', shortDate(product.createdAt)],
    ['Customs', product.isCustomsVerified ? 'Declared by seller' : 'Not declared'],
  ];
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1.25 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ color: 'text.secondary' }}>
            {label}
          </Typography>
          <Typography
            component="dd"
            sx={{
              m: 0,
              fontWeight: 600,
              color: label === 'Customs' && !product.isCustomsVerified ? 'text.secondary' : 'text.primary',
            }}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

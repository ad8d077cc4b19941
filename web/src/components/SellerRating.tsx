import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import StarRounded from '@mui/icons-material/StarRounded';
import type { UserRatingDto } from '@souvenir/contracts';

/** "4.7 (23)" on cards, "4.7 (23 reviews)" where there is room; a seller nobody has reviewed yet is "New seller". */
export function ratingLabel(rating: UserRatingDto | null, long = false): string {
  if (!rating) return 'New seller';
  const count = long ? (rating.count === 1 ? '1 review' : `${rating.count} reviews`) : String(rating.count);
  return `${rating.average.toFixed(1)} (${count})`;
}

/** The seller's real rating from published reviews (kept by the read models), or "New seller". */
export function SellerRating({ rating, long = false }: { rating: UserRatingDto | null; long?: boolean }) {
  return (
    <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center' }}>
      <StarRounded sx={{ fontSize: 18, color: rating ? 'brand.star' : 'text.disabled' }} aria-hidden />
      <Typography variant="body2" aria-label={rating ? `Rated ${ratingLabel(rating, true)}` : undefined}>
        {ratingLabel(rating, long)}
      </Typography>
    </Stack>
  );
}

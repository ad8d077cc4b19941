import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import StarRounded from '@mui/icons-material/StarRounded';
import { useGetUserRatingQuery } from '../reviewsApi';
import { formatAverage } from '../reviewText';

/** The profile header's rating: the real average and count from reviews (the Reviews tab shares the request). */
export function ProfileRating({ userId }: { userId: string }) {
  const { data } = useGetUserRatingQuery(userId, { refetchOnMountOrArgChange: true });
  if (!data) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <StarRounded
        fontSize="small"
        sx={{ color: data.average === null ? 'text.disabled' : 'brand.star' }}
        aria-hidden
      />
      <Typography variant="body2">
        {data.average === null
          ? 'No reviews yet'
          : `${formatAverage(data.average)} (${data.count === 1 ? '1 review' : `${data.count} reviews`})`}
      </Typography>
    </Stack>
  );
}

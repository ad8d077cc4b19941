import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RatingSummaryDto } from '@souvenir/contracts';
import { formatAverage } from '../reviewText';

const STARS = ['5', '4', '3', '2', '1'] as const;

/** The average, the count and how many reviews gave each number of stars. */
export function RatingSummary({ rating }: { rating: RatingSummaryDto }) {
  if (rating.average === null) return null;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 2, sm: 5 }} sx={{ mb: 3 }}>
      <Box>
        <Typography variant="h3" component="p" sx={{ fontWeight: 800 }}>
          {formatAverage(rating.average)}
        </Typography>
        <Rating value={rating.average} precision={0.1} readOnly aria-hidden />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {rating.count === 1 ? '1 review' : `${rating.count} reviews`}
        </Typography>
      </Box>
      <Box component="ul" aria-label="Reviews by stars" sx={{ flex: 1, maxWidth: 360, listStyle: 'none', p: 0, m: 0 }}>
        {STARS.map((stars) => {
          const count = rating.distribution[stars];
          return (
            <Stack key={stars} component="li" direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 0.5 }}>
              <Typography variant="body2" sx={{ width: 56 }}>
                {stars} {stars === '1' ? 'star' : 'stars'}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={(count / rating.count) * 100}
                sx={{ flex: 1, height: 8, borderRadius: 4 }}
                aria-label={`${stars} stars`}
              />
              <Typography variant="body2" sx={{ width: 24, textAlign: 'right' }}>
                {count}
              </Typography>
            </Stack>
          );
        })}
      </Box>
    </Stack>
  );
}

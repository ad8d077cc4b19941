import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';

export function ProductPageSkeleton() {
  return (
    <Grid container spacing={6} aria-busy="true" aria-label="Loading product">
      <Grid size={{ xs: 12, md: 6 }}>
        <Skeleton variant="rounded" sx={{ aspectRatio: '1 / 1', height: 'auto', borderRadius: 5 }} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Skeleton width="30%" />
        {/* The page keeps its one heading while the product loads, for screen readers and axe alike. */}
        <Typography component="h1" sx={visuallyHidden}>
          Loading product
        </Typography>
        <Skeleton width="85%" height={56} />
        <Skeleton width="40%" height={48} />
        <Box sx={{ my: 3 }}>
          <Skeleton variant="rounded" height={48} sx={{ borderRadius: 999 }} />
        </Box>
        <Skeleton variant="rounded" height={120} />
      </Grid>
    </Grid>
  );
}

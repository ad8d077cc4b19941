import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';

export function ProductCardSkeleton() {
  return (
    <Card aria-hidden sx={{ height: '100%' }}>
      <Skeleton variant="rectangular" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
      <Box sx={{ p: 2 }}>
        <Skeleton width="40%" />
        <Skeleton width="90%" height={28} />
        <Skeleton width="55%" height={28} />
        <Skeleton width="70%" />
      </Box>
    </Card>
  );
}

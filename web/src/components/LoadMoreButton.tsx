import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

interface Props {
  isLoading: boolean;
  onClick: () => void;
}

/** "Load More Products" under a paged product grid (browse results, Favorites tab): asks for the next keyset page. */
export function LoadMoreButton({ isLoading, onClick }: Props) {
  return (
    <Box sx={{ textAlign: 'center', mt: 5 }}>
      <Button variant="outlined" size="large" onClick={onClick} disabled={isLoading}>
        {isLoading ? 'Loading...' : 'Load More Products'}
      </Button>
    </Box>
  );
}

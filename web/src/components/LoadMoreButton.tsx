import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

interface Props {
  isLoading: boolean;
  onClick: () => void;
  /** The button's text; "Load More Products" under a product grid. */
  label?: string;
  /** A small button close to the list (the conversation list) instead of a large one under a grid. */
  compact?: boolean;
}

/** The button under a paged list (browse results, Favorites tab, conversations): asks for the next keyset page. */
export function LoadMoreButton({ isLoading, onClick, label = 'Load More Products', compact = false }: Props) {
  return (
    <Box sx={{ textAlign: 'center', mt: compact ? 1 : 5, mb: compact ? 1 : 0 }}>
      <Button variant="outlined" size={compact ? 'small' : 'large'} onClick={onClick} disabled={isLoading}>
        {isLoading ? 'Loading...' : label}
      </Button>
    </Box>
  );
}

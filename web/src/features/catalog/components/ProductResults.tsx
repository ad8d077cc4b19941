import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import type { ProductDto } from '@souvenir/contracts';
import { EmptyState } from '../../../components/EmptyState';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { ProductCard } from '../../../components/ProductCard';
import { ProductCardSkeleton } from '../../../components/ProductCardSkeleton';
import type { ViewMode } from './ResultsToolbar';

interface Props {
  products: ProductDto[];
  view: ViewMode;
  isLoading: boolean;
  error?: string;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
  /** A search that found nothing because of a typo: the words that would find something ("Did you mean …"). */
  suggestion?: string;
  /** Runs the suggested search. */
  onSearchSuggestion?: (search: string) => void;
}

export function ProductResults({
  products,
  view,
  isLoading,
  error,
  hasMore,
  isLoadingMore,
  onLoadMore,
  onRetry,
  suggestion,
  onSearchSuggestion,
}: Props) {
  const gridSx =
    view === 'grid'
      ? { display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }
      : { display: 'grid', gap: 2, gridTemplateColumns: '1fr' };

  if (isLoading) {
    return (
      <Box sx={gridSx} aria-busy="true" aria-label="Loading products">
        {Array.from({ length: 6 }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </Box>
    );
  }
  if (error) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={onRetry}>
            Try again
          </Button>
        }
      >
        Failed to fetch products ({error})
      </Alert>
    );
  }
  if (products.length === 0) {
    if (suggestion && onSearchSuggestion) {
      return (
        <EmptyState
          icon={<SearchOffRounded />}
          title="No products found"
          action={
            <Typography sx={{ fontSize: '1.125rem' }}>
              {'Did you mean '}
              <Link
                component="button"
                type="button"
                onClick={() => onSearchSuggestion(suggestion)}
                sx={{ fontSize: 'inherit', fontWeight: 700, verticalAlign: 'baseline' }}
              >
                {suggestion}
              </Link>
              ?
            </Typography>
          }
        />
      );
    }
    return (
      <EmptyState
        icon={<SearchOffRounded />}
        title="No products found"
        description="Try adjusting your search or filters"
      />
    );
  }
  return (
    <>
      <Box sx={gridSx}>
        {products.map((product) => (
          <ProductCard key={product.id} product={product} layout={view} />
        ))}
      </Box>
      {hasMore && <LoadMoreButton isLoading={isLoadingMore} onClick={onLoadMore} />}
    </>
  );
}
